import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeCompressedCopies } from './compressed-copies.ts';

describe('compressed copies of the build', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hustle-dist-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  };

  it('writes .br and .gz beside text files that decode to the originals, and nothing else', () => {
    const script = `export const words = ${JSON.stringify('plan your day '.repeat(300))};`;
    write('assets/index-abc.js', script);
    write('index.html', `<!doctype html>${'<p>Hustle</p>'.repeat(200)}`);
    write('favicon.svg', '<svg/>'); // under 1 KiB: not worth a copy
    write('icon-192.png', Buffer.alloc(4096, 7)); // an image: compressed in its own format

    const written = writeCompressedCopies(dir).map((entry) => entry.file);

    expect(written).toEqual([path.join('assets', 'index-abc.js'), 'index.html']);
    const br = fs.readFileSync(path.join(dir, 'assets/index-abc.js.br'));
    const gz = fs.readFileSync(path.join(dir, 'assets/index-abc.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    expect(fs.existsSync(path.join(dir, 'favicon.svg.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'icon-192.png.br'))).toBe(false);
  });
});
