import { createConnection } from 'node:net';

/** The Redis the tests use where one runs (REDIS_URL, else the machine's own). */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether that Redis answers: the tests that need it run only then. */
export async function isRedisUp(): Promise<boolean> {
  const { hostname, port } = new URL(testRedisUrl);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
