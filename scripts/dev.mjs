// `npm run dev`: the API with reload (tsx watch) on PORT (3000) and the Vite dev server (5173, proxying /api).
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const children = [
  spawn('npm', ['run', 'dev', '-w', '@esign/server'], { stdio: 'inherit', cwd: root }),
  spawn('npm', ['run', 'dev', '-w', '@esign/web'], { stdio: 'inherit', cwd: root }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
