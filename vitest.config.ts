import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactToPreact } from './apps/web/vite.config.js';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          // A component's test asks for a DOM in its first line (`@vitest-environment happy-dom`; src/test/render.tsx).
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // Components render with Preact's React layer, as the built app does; the libraries that import React are
          // bundled by Vite here so that the aliases reach them too.
          alias: [
            ...reactToPreact,
            // Their CommonJS builds (what Node's conditions pick) would require React itself: their ES modules.
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('node_modules/react-router/dist/development/index.mjs', import.meta.url),
              ),
            },
            {
              find: /^@testing-library\/react$/,
              replacement: fileURLToPath(
                new URL('node_modules/@testing-library/react/dist/@testing-library/react.esm.js', import.meta.url),
              ),
            },
          ],
          server: { deps: { inline: true } },
          // A page rendered in a DOM and driven key by key takes a few seconds on a loaded 2-core machine (CI runs
          // the server's tests beside these): the bound is for a test that hangs, not a measure of speed.
          testTimeout: 30_000,
        },
        // Packages without an exports map: their ES module build, which imports React through the aliases.
        resolve: { mainFields: ['module', 'main'] },
      },
    ],
    maxWorkers: 2,
  },
});
