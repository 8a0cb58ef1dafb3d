import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
// By path: the config is bundled on its own, and the shared package is TypeScript source.
import { EDITOR_PAGE_FILE } from '../../packages/shared/src/api/constants.ts';

type Chunks = Map<string, Rolldown.OutputChunk>;

/** The files a module's chunk needs, its own first, leaving out (and adding to) `seen`. */
function codeOf(chunks: Chunks, module: string, seen: Set<string>): { scripts: string[]; styles: string[] } {
  const start = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith(module));
  if (start === undefined) throw new Error(`The build has no chunk for ${module}`);
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (chunk === undefined || seen.has(fileName)) return;
    seen.add(fileName);
    scripts.push(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  visit(start.fileName);
  return { scripts, styles: [...styles] };
}

const link = (rel: 'stylesheet' | 'modulepreload', file: string): HtmlTagDescriptor => ({
  tag: 'link',
  // Scripts after the entry's own: the entry starts the editor's early loads.
  attrs: { rel, href: `/${file}`, ...(rel === 'modulepreload' ? { crossorigin: '', fetchpriority: 'low' } : {}) },
  injectTo: 'head',
});

/**
 * The page's entry (src/main.tsx) is small and loads the app (src/app/boot.tsx) itself, so that the editor's early
 * loads need not wait for it. The app's code and styles are asked for in the page's head all the same: they download
 * beside the entry, and are evaluated only when the entry imports them. The editor's page (EDITOR_PAGE_FILE, served
 * at the editor's address) leaves the code out: its twenty files would go before the early loads' own and take the
 * main thread its first page needs (measured: 1.26-1.35x a bare pdf.js page with them, 1.11x without); its app is
 * asked for once that page is shown.
 */
function preloadApp(): Plugin {
  return {
    name: 'esign:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        const chunks: Chunks = new Map(
          Object.values(bundle ?? {}).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
        );
        // The entry's own imports are in the page already.
        const seen = new Set([entry?.fileName ?? '', ...(entry?.imports ?? [])]);
        const app = codeOf(chunks, '/src/app/boot.tsx', seen);
        return [
          ...app.styles.map((css) => link('stylesheet', css)),
          ...app.scripts.map((js) => link('modulepreload', js)),
        ];
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') throw new Error('The build has no index.html');
        const source = String(page.source).replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
        this.emitFile({ type: 'asset', fileName: EDITOR_PAGE_FILE, source });
      },
    },
  };
}

/**
 * react-router's package answers its development build to every import condition a browser bundle has: the build
 * takes its production build instead (no dev-only warnings and checks; smaller in every page's first load).
 */
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * The app renders with Preact's React-compatible layer (preact/compat), not react-dom: the same components and
 * libraries (Mantine, react-router, TanStack Query) on a renderer of about a tenth of react-dom's size, which is most
 * of what a signer or a form visitor downloads before the first page (react-dom alone was 63 KB of 146 KB gzipped).
 * The web's tests render through the same aliases (the root vitest.config.ts).
 */
export const reactToPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), preloadApp()],
  resolve: {
    alias: [
      ...reactToPreact,
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React changes less often than the app: its own chunk stays cached across releases. Other libraries go
        // with the pages that use them (every page is a lazy chunk), so a page loads only the components it shows.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](preact|react-router)[\\/]/ },
            // pdf.js is loaded only by the screens that show pages, on their first use.
            { name: 'pdfjs', test: /node_modules[\\/]pdfjs-dist[\\/]/ },
            // Loaded only when a drawing area opens (dynamic import), so it stays out of the first load.
            { name: 'signature-pad', test: /node_modules[\\/]signature_pad[\\/]/ },
          ],
        },
      },
    },
  },
}));
