// After `vite build`: brotli and gzip copies beside the built files, which the server sends to a
// browser that accepts them (decision 036). Part of `npm run build -w @hustle/web`.
import fs from 'node:fs';
import path from 'node:path';
import { writeCompressedCopies } from './compressed-copies.ts';
import { formatKb } from './initial-js.ts';

const dist = path.resolve(import.meta.dirname, '../dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(`No web build in ${dist}: run vite build first.`);
  process.exit(1);
}
const written = writeCompressedCopies(dist);
const sum = (key: 'bytes' | 'br' | 'gzip') =>
  written.reduce((total, entry) => total + entry[key], 0);
console.log(
  `Compressed copies of ${written.length} files: ${formatKb(sum('bytes'))} → ` +
    `${formatKb(sum('br'))} brotli, ${formatKb(sum('gzip'))} gzip`,
);
