import { defineConfig } from 'tsup';

// The shared package is TypeScript source, so it is bundled in; npm packages stay external.
export default defineConfig({
  entry: ['src/main.ts', 'src/backup.ts', 'src/restore.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@hustle\//],
});
