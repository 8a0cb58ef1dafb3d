import type { RateWindowStore } from './rate-limiter.js';

/** What the store needs of a node-redis client: a transaction of INCRBY and PEXPIRE. */
export interface RedisCounter {
  multi(): {
    incrBy(key: string, increment: number): unknown;
    pExpire(key: string, milliseconds: number): unknown;
    exec(): Promise<unknown[]>;
  };
}

/** A window's key lives two windows, then Redis drops it (nothing to sweep). */
const WINDOW_TTL_MS = 2_000;

/**
 * The rate windows in Redis (REDIS_URL): each window a counter `esign:rate:<key id>:<window start>`, every node's
 * calls added by INCRBY in one MULTI per sync, which answers each window's total.
 */
export function redisRateWindows(redis: RedisCounter, prefix = 'esign:rate:'): RateWindowStore {
  return {
    async add(rows) {
      const transaction = redis.multi();
      for (const { keyId, start, n } of rows) {
        const key = `${prefix}${keyId}:${start}`;
        transaction.incrBy(key, n);
        transaction.pExpire(key, WINDOW_TTL_MS);
      }
      const replies = await transaction.exec();
      return rows.map(({ keyId, start }, index) => ({ keyId, start, count: Number(replies[index * 2]) }));
    },
  };
}
