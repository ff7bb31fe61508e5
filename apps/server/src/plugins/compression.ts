import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The codings the server sends, in the order it prefers them (decision 036). */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Smaller answers gain less than compressing them costs (a frame of headers is about as big). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality 4 and gzip's level 6, made while the request waits: a 405 KB workspace
 * answer (200 projects) took 1 ms to 22 KB and 3 ms to 25 KB. Quality 11 makes 17 KB but took
 * 1.4 s, on the event loop; gzip's level 9 gained 4 % for three times the time (decision 036).
 */
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });

/** The coding this request's Accept-Encoding allows that the server likes best, or none. */
export function preferredEncoding(request: FastifyRequest): Encoding | null {
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' && accepted !== '' ? negotiator.negotiate(accepted) : null;
}

/** The answer's bytes in one coding, with the settings every other answer gets. */
export function encode(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, BROTLI_OPTIONS)
    : zlib.gzipSync(body, GZIP_OPTIONS);
}

/**
 * Compresses API answers of 1 KiB and more, by the client's Accept-Encoding, with
 * `Vary: Accept-Encoding` (decision 036). An answer that already carries a Content-Encoding
 * (a precompressed file of the web app, a kept workspace answer) passes as it is; the
 * live-update stream writes to the socket itself, so it is never held back in a compressor.
 * Registered before the routes, whose hooks it adds to as they are declared.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    // Request bodies are read as they come: a compressed upload is not part of the API.
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
