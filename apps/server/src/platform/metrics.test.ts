import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { authClient } from '../../test/auth.js';

const TOKEN = 'metrics-token-for-the-test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

const scrape = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

async function families() {
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return new Map(parsePrometheusTextFormat(response.body).map((family) => [family.name, family]));
}

describe('GET /metrics', () => {
  it('answers 404 without the token or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('counts requests by route template and status, with their latency', async () => {
    await authClient(t.app).loggedInUser();
    const id = '00000000-0000-4000-8000-000000000000';
    await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}` });
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-path-123' });
    const metrics = await families();

    const requests = metrics.get('esign_http_requests_total');
    expect(requests?.type).toBe('COUNTER');
    const sample = (route: string, status: string) =>
      requests?.metrics.find((m) => m.labels?.route === route && m.labels?.status === status);
    expect(Number(sample('/api/v1/health', '200')?.value)).toBeGreaterThanOrEqual(1);
    // The template, never the id itself; an unknown path counts as unmatched.
    expect(Number(sample('/api/v1/documents/:id', '401')?.value)).toBe(1);
    expect(requests?.metrics.some((m) => m.labels?.route?.includes(id))).toBe(false);
    expect(requests?.metrics.some((m) => m.labels?.route?.includes('no-such-path'))).toBe(false);
    expect(Number(sample('unmatched', '404')?.value)).toBeGreaterThanOrEqual(1);

    const latency = metrics.get('esign_http_request_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    // (The parser keeps a histogram's buckets, not its labels.)
    const buckets = latency?.metrics[0]?.buckets ?? {};
    expect(Object.keys(buckets)).toEqual(expect.arrayContaining(['0.005', '0.1', '1', '10', '+Inf']));
    expect(Number(buckets['+Inf'])).toBeGreaterThanOrEqual(1);
  });

  it("reports job runs, the queues, LibreOffice, webhooks' lag, the pool and the sockets", async () => {
    // A sign-up's confirmation mail is a job: its run is counted once it has ended.
    await authClient(t.app).confirmedUser();
    const metrics = await vi.waitFor(async () => {
      const found = await families();
      const runs = found.get('esign_jobs_total')?.metrics ?? [];
      expect(runs.some((m) => m.labels?.outcome === 'completed' && Number(m.value) >= 1)).toBe(true);
      return found;
    });
    expect(metrics.get('esign_job_duration_seconds')?.type).toBe('HISTOGRAM');
    for (const name of [
      'esign_job_queue_depth',
      'esign_job_queue_oldest_seconds',
      'esign_office_restarts',
      'esign_office_memory_bytes',
      'esign_webhook_delivery_lag_seconds',
      'esign_realtime_sockets',
      'process_resident_memory_bytes',
    ]) {
      expect(metrics.get(name)?.type, name).toBe('GAUGE');
    }
    expect(metrics.get('esign_realtime_sockets')?.metrics[0]?.value).toBe('0');
    expect(metrics.get('esign_webhook_delivery_lag_seconds')?.metrics[0]?.value).toBe('0');
    // The pool exists on PostgreSQL only (the embedded database has one connection of its own).
    expect(metrics.has('esign_db_pool_connections')).toBe(Boolean(process.env.DATABASE_URL));
  });
});

describe('without METRICS_TOKEN', () => {
  it('answers 404', async () => {
    const other = await createTestApp();
    try {
      const response = await other.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer x' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
