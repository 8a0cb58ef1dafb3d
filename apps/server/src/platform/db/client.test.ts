import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

// A fresh embedded database runs initdb, which is slow on a busy machine.
describe('openDatabase on PGlite', { timeout: 120_000 }, () => {
  it('runs the embedded PostgreSQL with 16 MB of shared buffers, not the default 128 MB', async () => {
    const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '/nonexistent' });
    try {
      const result = (await database.db.execute('show shared_buffers')) as unknown as { rows: unknown[] };
      expect(result.rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await database.close();
    }
  });
});
