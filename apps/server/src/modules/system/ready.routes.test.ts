import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ready = () => t.app.inject({ method: 'GET', url: '/api/v1/ready' });

describe('GET /api/v1/ready', () => {
  it('answers 200 when the database, the storage and the queue answer', async () => {
    const response = await ready();
    expect(response.statusCode).toBe(200);
    const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    expect(response.json()).toEqual({ status: 'ready', database, storage: 'local' });
  });

  it('answers 503 naming the storage when files cannot be written, and 200 again once they can', async () => {
    const files = join(t.app.platform.config.dataDir, 'files');
    rmSync(files, { recursive: true, force: true });
    writeFileSync(files, 'not a folder');
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'NOT_READY', message: 'Not ready: storage' });
    } finally {
      rmSync(files);
    }
    expect((await ready()).statusCode).toBe(200);
    // Liveness does not depend on it.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('answers 503 once the node is shutting down', async () => {
    t.app.platform.lifecycle.isShuttingDown = true;
    try {
      const response = await ready();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'NOT_READY', message: 'Not ready: shutting down' });
    } finally {
      t.app.platform.lifecycle.isShuttingDown = false;
    }
  });

  it('answers 503 naming the queue when it has stopped', async () => {
    await t.app.platform.jobs.stop();
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'NOT_READY', message: 'Not ready: queue' });
  });
});
