import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';

export const REDACTED = '[redacted]';

/**
 * Paths whose next segment is a secret: an invite token (the app's page and the API), the id of
 * a sandbox checkout, which is all it takes to pay one, or of a sandbox portal, which cancels. Matched on decoded, case-folded segments,
 * since `/%69nvite/…` and `/Invite/…` reach the same page.
 */
const SECRET_SEGMENT_AFTER: readonly (readonly string[])[] = [
  ['invite'],
  ['api', 'v1', 'invites'],
  ['billing', 'sandbox-checkout'],
  ['billing', 'sandbox-portal'],
];

const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
};

function redactPath(path: string): string {
  const segments = path.split('/');
  const decoded = segments.map(decodeSegment);
  for (const prefix of SECRET_SEGMENT_AFTER) {
    // segments[0] is the empty string before the leading slash.
    const secretAt = prefix.length + 1;
    if (
      segments.length > secretAt &&
      segments[secretAt] !== '' &&
      prefix.every((part, i) => decoded[i + 1] === part)
    ) {
      segments[secretAt] = REDACTED;
    }
  }
  return segments.join('/');
}

/**
 * A URL as it may be logged: every query value hidden (the access token after a magic-link
 * sign-in, magic-link tokens, live-update tickets, debug links all travel there) and secret path
 * segments hidden. Parameter names stay, so a line still tells what was asked.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (queryAt === -1) return redactPath(path);
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      return equals === -1 ? (part === '' ? '' : REDACTED) : `${part.slice(0, equals)}=${REDACTED}`;
    })
    .join('&');
  return `${redactPath(path)}?${query}`;
}

const QUERY_VALUE = /([?&][^\s?&#=/"'<>]*=)[^\s&#"'<>]*/g;
const SECRET_SEGMENT =
  /(\/(?:api\/v1\/invites|invite|billing\/sandbox-(?:checkout|portal))\/)[^\s/?#"'<>]+/gi;

/** The same, for URLs inside free text: messages and error stacks that quote a request's URL. */
export function redactText(text: string): string {
  return text.replace(QUERY_VALUE, `$1${REDACTED}`).replace(SECRET_SEGMENT, `$1${REDACTED}`);
}

const SECRET_HEADERS = ['authorization', 'cookie', 'stripe-signature', 'x-api-key'];
const HEADER_PATHS = ['req.headers', 'headers', 'request.headers'].flatMap((parent) =>
  SECRET_HEADERS.map((name) => `${parent}["${name}"]`),
);
const RESPONSE_HEADER_PATHS = ['res.headers', 'reply.headers'].flatMap((parent) =>
  ['location', 'set-cookie'].map((name) => `${parent}["${name}"]`),
);

/**
 * Pino settings that keep secrets out of every line (issue 13, finding 1): request lines carry a
 * redacted URL and no headers, error messages and stacks are scrubbed, header fields are censored
 * wherever someone logs them, and so are URLs quoted in a message. Structured fields other than
 * these are the caller's to keep clean (the dev mail transport logs the mail on purpose).
 */
export function loggerOptions(options: {
  level: string;
  stream?: DestinationStream;
}): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: { paths: [...HEADER_PATHS, ...RESPONSE_HEADER_PATHS], censor: REDACTED },
    serializers: {
      // Whatever is passed as `req`, only these fields leave, never its headers.
      req: (request: Partial<FastifyRequest>) => ({
        method: request.method,
        url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: Error) => {
        const serialized = pino.stdSerializers.err(error);
        serialized.message = redactText(serialized.message);
        serialized.stack = redactText(serialized.stack);
        return serialized;
      },
    },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map((arg: unknown) =>
          typeof arg === 'string' ? redactText(arg) : arg,
        ) as typeof args;
        return method.apply(this, scrubbed);
      },
    },
  };
}
