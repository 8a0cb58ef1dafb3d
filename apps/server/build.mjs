// Bundles the server (and the shared package's TypeScript) into dist/; npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {});

await build({
  // The image conversion's child process (platform/pdf/image-process.ts) is an entry of its own.
  entryPoints: ['src/main.ts', 'src/worker.ts', 'src/platform/pdf/image-child.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
