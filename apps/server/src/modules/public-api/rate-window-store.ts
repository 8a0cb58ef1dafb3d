import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import type { Db } from '../../platform/db/client.js';
import { databaseRateWindows, type RateWindowStore } from './rate-limiter.js';
import { redisRateWindows } from './rate-windows-redis.js';

/**
 * The API keys' rate windows: in Redis when REDIS_URL is set (its client closed with the app), else in the
 * database every node shares.
 */
export async function rateWindowStore(
  redisUrl: string | undefined,
  db: Db,
  app: FastifyInstance,
): Promise<RateWindowStore> {
  if (!redisUrl) return databaseRateWindows(db);
  const client = createClient({ url: redisUrl });
  client.on('error', (error) => app.log.warn({ err: error }, 'rate windows redis error'));
  await client.connect();
  app.addHook('onClose', async () => {
    await client.quit().catch(() => {});
  });
  return redisRateWindows(client);
}
