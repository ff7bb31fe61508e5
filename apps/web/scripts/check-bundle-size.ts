// After `vite build`: fails when the initial JavaScript of apps/web/dist is above the budget.
// Run by `npm test` (root test:e2e) so CI fails above budget; decision 016 says how it stays under.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { formatKb, INITIAL_JS_BUDGET_BYTES, initialScripts } from './initial-js.ts';

const dist = path.resolve(import.meta.dirname, '../dist');
const indexFile = path.join(dist, 'index.html');
if (!fs.existsSync(indexFile)) {
  console.error(`No ${indexFile}: run the web build first.`);
  process.exit(1);
}

const files = initialScripts(fs.readFileSync(indexFile, 'utf8'));
if (files.length === 0) {
  console.error('index.html loads no script; is this the built index.html?');
  process.exit(1);
}
const sizes = files.map((file) => {
  if (!file.startsWith('/')) throw new Error(`index.html loads ${file} from elsewhere`);
  // Level 6, as servers and Vite's own report compress.
  const gzip = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 6 }).length;
  return { file, gzip };
});
const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);

for (const { file, gzip } of sizes) console.log(`  ${formatKb(gzip).padStart(9)}  ${file}`);
const verdict = `Initial JavaScript: ${formatKb(total)} gzip (budget ${formatKb(INITIAL_JS_BUDGET_BYTES)})`;
if (total > INITIAL_JS_BUDGET_BYTES) {
  console.error(`${verdict}: over budget. See docs/decisions/016-initial-javascript.md.`);
  process.exit(1);
}
console.log(verdict);
