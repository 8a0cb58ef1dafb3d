import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = mkdtempSync(join(tmpdir(), 'esign-web-'));
  writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>eSign</title><div id="root"></div>');
  writeFileSync(
    join(webDistDir, 'editor.html'),
    '<!doctype html><title>eSign</title><div id="root" data-editor></div>',
  );
  t = await createTestApp({ webDistDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

describe('system routes', () => {
  it('GET /api/v1/health names the database in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    const expected = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    expect(response.json()).toEqual({ status: 'ok', database: expected });
  });

  it('answers unknown /api paths with 404 JSON, even when the client asks for HTML', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/nothing', '/api']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it("falls back to the web app's index.html for its routes", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login?x=1', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it("answers the editor's address with the editor's page, and only that address", async () => {
    const id = crypto.randomUUID();
    const editor = await t.app.inject({
      method: 'GET',
      url: `/documents/${id}/edit`,
      headers: { accept: 'text/html' },
    });
    expect(editor.statusCode).toBe(200);
    expect(editor.body).toContain('data-editor');
    for (const url of [`/documents/${id}/sign`, `/documents/${id}/edit/more`, '/documents/x/edit', '/login']) {
      const other = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(other.statusCode).toBe(200);
      expect(other.body).not.toContain('data-editor');
    }
  });

  it('sends security headers with a strict Content-Security-Policy and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sign', headers: { accept: 'text/html' } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
    const traced = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(traced.headers['x-request-id']).toBe('trace-123');
  });

  it('serves the OpenAPI document generated from the shared schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.paths['/auth/sign_up'].post.requestBody.content['application/json'].schema.required).toEqual([
      'name',
      'email',
      'password',
    ]);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/health', '/auth/sign_in', '/user']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('lists the outbox newest first with both mail parts', async () => {
    const { mailer } = t.app.platform;
    await mailer.send({ to: 'first@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await mailer.send({ to: 'second@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/mail',
      headers: { authorization: `Bearer ${t.app.platform.config.devMailToken}` },
    });
    const mails = response.json();
    expect(mails[0]).toMatchObject({ to: 'second@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });
    expect(mails[1]).toMatchObject({ to: 'first@example.com' });
    expect(Object.keys(mails[0]).sort()).toEqual(['createdAt', 'from', 'html', 'id', 'subject', 'text', 'to']);
    expect(mails[0].from).toBe(t.app.platform.config.mailFrom);
  });

  // Security issue, finding 1: anonymous GET /api/v1/dev/mail answered every mail of the default install, signing
  // and password-reset links included (a reset token read there took over an account).
  it('opens the outbox only with its key, as a bearer token or ?token=; anything else is 404', async () => {
    await t.app.platform.mailer.send({ to: 'victim@example.com', subject: 'Reset', text: 'link', html: '<p>link</p>' });
    const key = t.app.platform.config.devMailToken;
    expect(key.length).toBeGreaterThanOrEqual(32);
    const refused = [
      { url: '/api/v1/dev/mail' },
      { url: '/api/v1/dev/mail?token=' },
      { url: `/api/v1/dev/mail?token=${key.slice(0, -1)}` },
      { url: '/api/v1/dev/mail', headers: { authorization: `Bearer ${key}x` } },
      { url: '/api/v1/dev/mail', headers: { authorization: key } },
    ];
    for (const request of refused) {
      const response = await t.app.inject({ method: 'GET', ...request });
      expect(response.statusCode, request.url).toBe(404);
      expect(response.body).not.toContain('victim@example.com');
    }
    for (const request of [
      { url: `/api/v1/dev/mail?token=${encodeURIComponent(key)}` },
      { url: '/api/v1/dev/mail', headers: { authorization: `Bearer ${key}` } },
    ]) {
      const response = await t.app.inject({ method: 'GET', ...request });
      expect(response.statusCode).toBe(200);
      expect(response.json()[0]).toMatchObject({ to: 'victim@example.com' });
    }
  });

  // Security issue, finding 7: HSTS was sent over plain HTTP.
  it('sends HSTS only to a request that came over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without trusted proxies, a client's X-Forwarded-Proto is not believed.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});
