import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Newest modification time under `entry` (a file or a folder), skipping build output. */
function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestChange(path.join(entry, name)));
  }
  return newest;
}

function builtAt(file: string): number {
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : -1;
}

/** `npm start` serves the production build; build it when a source is newer than its output. */
export function ensureBuilt(root: string): void {
  const shared = path.join(root, 'packages/shared/src');
  const outputs = [
    {
      output: path.join(root, 'apps/server/dist/main.js'),
      sources: [
        path.join(root, 'apps/server/src'),
        path.join(root, 'apps/server/tsup.config.ts'),
        shared,
      ],
    },
    {
      output: path.join(root, 'apps/web/dist/index.html'),
      sources: [
        path.join(root, 'apps/web/src'),
        path.join(root, 'apps/web/index.html'),
        path.join(root, 'apps/web/vite.config.ts'),
        shared,
      ],
    },
  ];
  const stale = outputs.some(
    ({ output, sources }) => builtAt(output) < Math.max(...sources.map(newestChange)),
  );
  if (!stale) return;
  console.log('Building the app (npm run build)…');
  // A test runner's NODE_ENV=test would make Vite bundle React's development build, which is
  // not what `npm start` serves (and is half as large again).
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`npm run build failed with status ${result.status}`);
}
