import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, found the same way from `src/` (tsx, tests) and from the bundle in `dist/`. */
function findServerRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'drizzle.config.ts'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the server package above ${start}`);
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = join(serverRoot, 'drizzle');
export const defaultWebDistDir = join(serverRoot, '..', 'web', 'dist');
