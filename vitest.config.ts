import { defineConfig } from 'vitest/config';

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
          // A page rendered in a DOM and driven key by key takes a few seconds on a loaded 2-core machine (CI runs
          // the server's tests beside these): the bound is for a test that hangs, not a measure of speed.
          testTimeout: 30_000,
        },
      },
    ],
    maxWorkers: 2,
  },
});
