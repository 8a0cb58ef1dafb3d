import { API_PREFIX, MESSAGES } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * MAINTENANCE_MODE: every write to the API (any method but GET, HEAD and OPTIONS) answers 503 MAINTENANCE before
 * anything else runs, so nothing changes while the operator works; reads go on, and the web app, told by
 * `GET app-config`, shows its maintenance page.
 */
export function refuseWritesForMaintenance(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method) || !request.url.startsWith(`${API_PREFIX}/`)) return;
    throw new AppError('MAINTENANCE', MESSAGES.maintenance);
  });
}
