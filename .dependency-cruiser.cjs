/**
 * The server's module boundaries, checked by `npm run lint` (`npm run modules:graph` prints the figures).
 * A "module" is a folder under apps/server/src/modules/; src/data/ and src/platform/ count as modules of their own.
 * The files directly in modules/ (modules.ts and its three parts), the composition root, may import any module's files.
 */
const MODULE = '^apps/server/src/modules/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      comment: 'Server modules depend on each other in one direction: no module reaches itself through others.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/server/src/(modules/[^/]+|data|platform)/?$' },
      to: { path: '^apps/server/src/(modules/[^/]+|data|platform)/?$', circular: true },
    },
    {
      name: 'only-a-module-index',
      comment:
        'Another module is imported only through its index.ts, which says what it offers; its other files are its own.',
      severity: 'error',
      from: { path: MODULE },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'data-below-modules',
      comment: 'src/data/ holds the SQL; it imports platform/ and packages/shared, never a module.',
      severity: 'error',
      from: { path: '^apps/server/src/data/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'platform-below-all',
      comment: 'src/platform/ is the bottom layer: it imports neither data/ nor a module.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/(modules|data)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
  },
};
