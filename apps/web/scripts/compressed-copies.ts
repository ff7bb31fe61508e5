import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Text the browser downloads; images and sounds are compressed in their own formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

/** Below this a compressed copy saves less than a network packet (the server's threshold). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir` (decision 036), at
 * the slowest, smallest settings: the build pays once, every visit gains. A copy that would not
 * be smaller is not written, so the server sends the original. Returns what it wrote.
 */
export function writeCompressedCopies(
  dir: string,
): { file: string; bytes: number; br: number; gzip: number }[] {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => COMPRESSIBLE.test(file))
    .sort();
  return files.flatMap((file) => {
    const full = path.join(dir, file);
    const content = fs.readFileSync(full);
    if (content.length < MIN_BYTES) return [];
    const br = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (br.length < content.length) fs.writeFileSync(`${full}.br`, br);
    if (gzip.length < content.length) fs.writeFileSync(`${full}.gz`, gzip);
    return [{ file, bytes: content.length, br: br.length, gzip: gzip.length }];
  });
}
