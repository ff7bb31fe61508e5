import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one guarded client for requests the server makes to addresses users give (ARCHITECTURE
 * §8, decision 071): only public unicast addresses, every address a host resolves to checked,
 * and checked again at connect time (the lookup the socket uses is the checked one, so a name
 * that resolves elsewhere the second time gains nothing); a deadline; no redirects followed.
 */
export interface OutboundPolicy {
  /** Loopback addresses allowed: tests and a single machine's own receivers. */
  allowLoopback: boolean;
}

export class OutboundRefused extends Error {}

type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const lookupAll: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/** Why the address may not be reached, or null when it may. */
export function refusalOf(address: string, policy: OutboundPolicy): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (range === 'loopback' && policy.allowLoopback) return null;
  return `${address} is a ${range} address, which webhooks may not reach`;
}

/** The URL's host as an address or a name to resolve (IPv6 literals lose their brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address the URL's host stands for, each allowed; refused otherwise. */
export async function checkDestination(
  url: URL,
  policy: OutboundPolicy,
  lookup: LookupAll = lookupAll,
): Promise<string[]> {
  const host = hostOf(url);
  let addresses: string[];
  if (net.isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await lookup(host)).map((found) => found.address);
    } catch {
      throw new OutboundRefused(`The host ${host} could not be found`);
    }
  }
  if (addresses.length === 0) throw new OutboundRefused(`The host ${host} has no address`);
  for (const address of addresses) {
    const refusal = refusalOf(address, policy);
    if (refusal) throw new OutboundRefused(refusal);
  }
  return addresses;
}

/** A socket lookup that resolves as checkDestination does, failing the connection when refused. */
function guardedLookup(policy: OutboundPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    checkDestination(new URL(`http://${hostname}`), policy).then(
      (addresses) => {
        const found = addresses.map((address) => ({ address, family: net.isIP(address) }));
        if (options.all) (callback as (e: null, a: typeof found) => void)(null, found);
        else callback(null, found[0]!.address, found[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

export interface OutboundAnswer {
  statusCode: number;
  durationMs: number;
}

/**
 * POSTs `body` and answers the status; a 3xx is answered, never followed. Refused destinations
 * and failures (no answer within `timeoutMs`, a refused connection) throw with the reason.
 */
export async function guardedPost(
  target: string,
  request: { headers: Record<string, string>; body: string | Buffer; timeoutMs: number },
  policy: OutboundPolicy,
): Promise<OutboundAnswer> {
  const url = new URL(target);
  await checkDestination(url, policy);
  const started = performance.now();
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const req = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(policy),
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(request.body)),
        'user-agent': 'Hustle-Webhooks/1',
        ...request.headers,
      },
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${request.timeoutMs / 1000} s`));
    }, request.timeoutMs);
    req.on('response', (res) => {
      clearTimeout(timer);
      // Only the status matters; the body is not read.
      res.destroy();
      resolve({
        statusCode: res.statusCode ?? 0,
        durationMs: Math.round(performance.now() - started),
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(request.body);
  });
}
