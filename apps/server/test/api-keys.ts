import { createClient } from '@esign/client';
import { API_PREFIX, type ApiKeyItem } from '@esign/shared';
import type { FastifyInstance } from 'fastify';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Thin helpers over the API keys' routes (the owner's settings) and the public API (a key's bearer). */
export function apiKeyClient(app: FastifyInstance, accessToken: string) {
  const call = (method: Method, url: string, payload?: object) =>
    app.inject({
      method,
      url: `${API_PREFIX}${url}`,
      headers: { authorization: `Bearer ${accessToken}` },
      ...(payload ? { payload } : {}),
    });
  return {
    call,
    /** Chooses the free API plan (sets the API flag). */
    chooseFreePlan: () => call('DELETE', '/api-plans'),
    create: (body: object) => call('POST', '/api_keys/create', body),
    /** A new key (the free API plan chosen first): its row and its value. */
    async newKey(body: { name?: string; mode?: 'live' | 'test'; allowedOrigins?: string[] } = {}) {
      await call('DELETE', '/api-plans');
      const answer = await call('POST', '/api_keys/create', { name: 'CRM', ...body });
      if (answer.statusCode !== 200) throw new Error(`key not created: ${answer.body}`);
      return answer.json<{ apiKey: ApiKeyItem; key: string }>();
    },
  };
}

/** A call of the public API with `key` as the bearer. */
export function publicCall(
  app: FastifyInstance,
  key: string,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: `/api/public/v1${url}`,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(payload ? { payload } : {}),
  });
}

/**
 * A fetch that answers through `app.inject()`: the typed client (packages/client) against a test app, with no
 * port. `remoteAddress` sets the caller's address.
 */
export function injectFetch(app: FastifyInstance, remoteAddress?: string): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const answer = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.statusCode === 204 ? null : answer.body, { status: answer.statusCode, headers });
  }) as typeof fetch;
}

/** The typed client of the public API with `key`, against a test app. */
export function keyClient(app: FastifyInstance, key: string) {
  return createClient({ baseUrl: 'http://localhost', apiKey: key, fetch: injectFetch(app) });
}
