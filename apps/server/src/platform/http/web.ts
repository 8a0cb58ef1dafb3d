import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX, EDITOR_PAGE_FILE, EDITOR_PAGE_PATH, type ErrorResponse, MESSAGES } from '@esign/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Unknown `/api/*` paths answer 404 JSON; any other GET that wants HTML
 * gets `index.html`, so the web app's own routes work on reload; the editor's address gets its own page
 * (`EDITOR_PAGE_FILE`: the same without the app's preloads) when the build has it.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasWebApp = existsSync(join(webDistDir, 'index.html'));
  const hasEditorPage = existsSync(join(webDistDir, EDITOR_PAGE_FILE));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        // Vite names assets by their content hash, so they never change.
        if (path.includes(`${join(webDistDir, 'assets')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (!path.startsWith('/api/') && path !== '/api' && wantsHtml && hasWebApp) {
      const page = hasEditorPage && EDITOR_PAGE_PATH.test(path) ? EDITOR_PAGE_FILE : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    const body: ErrorResponse = { statusCode: 404, code: 'NOT_FOUND', message: MESSAGES.notFound };
    return reply.status(404).send(body);
  });

  app.log.debug({ apiPrefix: API_PREFIX, webDistDir, hasWebApp }, 'web app');
}
