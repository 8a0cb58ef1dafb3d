// `npm start`: builds what is missing or older than its sources, then serves the web app and the API on one port.
// `npm run worker` (--worker) runs the job workers alone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { optionalPartsLine } from './system-packages.mjs';

const root = new URL('..', import.meta.url).pathname;
const at = (...parts) => join(root, ...parts);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const shared = newestMtime(at('packages/shared/src'));
const targets = [
  {
    name: '@esign/web',
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
    ],
  },
  {
    name: '@esign/server',
    output: at('apps/server/dist/main.js'),
    sources: [at('apps/server/src'), at('apps/server/build.mjs'), at('apps/server/package.json')],
  },
];
for (const target of targets) {
  const built = newestMtime(target.output);
  const changed = Math.max(shared, ...target.sources.map(newestMtime));
  if (built === 0 || changed > built) {
    console.log(`Building ${target.name}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', target.name], { stdio: 'inherit', cwd: root });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const missing = optionalPartsLine();
if (missing) console.log(missing);

const entry = process.argv.includes('--worker') ? 'worker.js' : 'main.js';
// The server's Node flags and environment, the same wherever it is started (the benchmarks read them too): V8's
// young generation at 8 MB a half instead of 16 (15 MB less resident memory, idle and under load), and the C
// library's allocator giving every block of 128 KB or more its own mapping (`MALLOC_MMAP_THRESHOLD_`), so that a
// large file's freed bytes leave the resident memory at once instead of staying in the allocator's heap (about 20 MB
// less idle and after a series of 15 MB scans, measured). Source maps are off: Node reads every module's map at start
// (45 MB more resident memory); NODE_OPTIONS=--enable-source-maps turns them on to debug.
const { flags, env } = JSON.parse(readFileSync(at('apps/server/node-process.json'), 'utf8'));
const server = spawn(process.execPath, [...flags, at('apps/server/dist', entry)], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...env, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
