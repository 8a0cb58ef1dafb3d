/**
 * The server's module boundaries, checked by `npm run lint` (scripts/module-graph.mjs prints the figures).
 * A "module" is a folder under apps/server/src/modules/; data/ and platform/ count as modules of their own.
 */
const MODULES = '^apps/server/src/modules/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'] },
  },
  MODULES,
};
