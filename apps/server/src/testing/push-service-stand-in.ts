import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the stand-in took: checked for its VAPID signature, its payload decrypted. */
export interface ReceivedPush {
  /** Which browser it was for (the subscription's name in the stand-in). */
  browser: string;
  /** The VAPID public key the request was signed with (`k=`). */
  signedWith: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: number;
  userAgent: string | undefined;
  payload: unknown;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** RFC 8292: `vapid t=<jwt>, k=<key>`; the JWT is ES256 over the key given, for this origin. */
function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const publicKey = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33)),
    },
    format: 'jwk',
  });
  const [head, body, signature] = token.split('.') as [string, string, string];
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header_.alg !== 'ES256') throw new Error(`JWT alg ${header_.alg}`);
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud}, expected ${origin}`);
  if (!(claims.exp * 1000 > Date.now())) throw new Error('the VAPID JWT has expired');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub}`);
  return { signedWith: key, claims };
}

/** One browser's keys, as `PushSubscription.toJSON()` gives them, and what decrypts for it. */
function makeBrowser() {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);

  /** RFC 8291 / RFC 8188 (aes128gcm), one record. */
  function decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const senderKey = body.subarray(21, 21 + idLength);
    const record = body.subarray(21 + idLength);
    const shared = ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
    const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, authSecret, keyInfo, 32));
    const derive = (info: string, length: number) =>
      Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from(`${info}\0`), length));
    const decipher = crypto.createDecipheriv(
      'aes-128-gcm',
      derive('Content-Encoding: aes128gcm', 16),
      derive('Content-Encoding: nonce', 12),
    );
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([
      decipher.update(record.subarray(0, record.length - 16)),
      decipher.final(),
    ]);
    // The last record ends with the delimiter 2, then any padding of zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    if (plain[end] !== 2) throw new Error('no last-record delimiter');
    return plain.subarray(0, end).toString('utf8');
  }

  return {
    keys: { p256dh: b64url(publicKey), auth: b64url(authSecret) },
    decrypt,
  };
}

/**
 * A push service on a loopback port, standing in for the browser vendors' (no internet in
 * tests): it takes a message only when its VAPID JWT verifies, decrypts the payload with the
 * browser's keys, and answers 201 — or 410 for a browser marked gone.
 */
export async function startPushServiceStandIn() {
  const browsers = new Map<string, ReturnType<typeof makeBrowser>>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refusals: string[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const name = (req.url ?? '').replace(/^\/push\//, '');
      const browser = browsers.get(name);
      if (!browser || gone.has(name)) {
        res.writeHead(gone.has(name) ? 410 : 404).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const { signedWith, claims } = checkVapid(req.headers.authorization, origin());
        const payload: unknown = JSON.parse(browser.decrypt(Buffer.concat(chunks)));
        received.push({
          browser: name,
          signedWith,
          claims,
          ttl: Number(req.headers.ttl),
          userAgent: req.headers['user-agent'],
          payload,
        });
        res.writeHead(201).end();
      } catch (error) {
        refusals.push(String(error));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    received,
    refusals,
    /** A new browser's subscription, as the app would send it to the server. */
    subscribe(name: string) {
      const browser = makeBrowser();
      browsers.set(name, browser);
      return { endpoint: `${origin()}/push/${name}`, keys: browser.keys };
    },
    /** The browser unsubscribed: the service answers 410 Gone from now on. */
    markGone(name: string) {
      gone.add(name);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushServiceStandIn = Awaited<ReturnType<typeof startPushServiceStandIn>>;
