import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiKeyClient } from '../../../test/api-keys.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { authClient } from '../../../test/auth.js';
import { isRedisUp, testRedisUrl } from '../../../test/redis.js';
import { databaseRateWindows, keyRateLimiter, type RateWindowStore } from './rate-limiter.js';
import { redisRateWindows } from './rate-windows-redis.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Two API nodes' limiters on one store: each counts its own calls at once, and the other's after a sync. */
async function countsAcrossNodes(store: RateWindowStore) {
  const user = await authClient(t.app).loggedInUser();
  const { apiKey } = await apiKeyClient(t.app, user.accessToken).newKey();
  const log = t.app.log;
  // The store's calls are counted, so a sync is waited for (it starts on a timer after a take).
  const synced = { add: vi.fn((rows: Parameters<RateWindowStore['add']>[0]) => store.add(rows)) };
  const first = keyRateLimiter({ store: synced, log, syncEveryMs: 1 });
  const second = keyRateLimiter({ store: synced, log, syncEveryMs: 1 });
  // In the middle of a window, so that the whole test stays in it.
  const now = Math.floor(Date.now() / 1000) * 1000 + 1;
  expect([1, 2, 3].map(() => first.take(apiKey.id, now).count)).toEqual([1, 2, 3]);
  await vi.waitFor(() => expect(synced.add).toHaveBeenCalledTimes(1));
  await first.settled();
  expect(second.take(apiKey.id, now).count).toBe(1);
  await vi.waitFor(() => expect(synced.add).toHaveBeenCalledTimes(2));
  await second.settled();
  // The second node now knows of the first node's three calls.
  expect(second.take(apiKey.id, now).count).toBe(5);
  // A new window starts again.
  expect(first.take(apiKey.id, now + 1000)).toEqual({ count: 1, windowStart: now - 1 + 1000 });
}

const redisUp = await isRedisUp();

describe('the per-key rate limiter', () => {
  it("counts one node's calls at once, and every node's calls after a sync (windows in the database)", async () => {
    await countsAcrossNodes(databaseRateWindows(t.app.platform.database.db));
  });

  it.skipIf(!redisUp)('does the same with its windows in Redis (REDIS_URL)', async () => {
    const redis = createClient({ url: testRedisUrl });
    await redis.connect();
    try {
      await countsAcrossNodes(redisRateWindows(redis, `esign:test:rate:${randomUUID()}:`));
    } finally {
      await redis.quit();
    }
  });
});
