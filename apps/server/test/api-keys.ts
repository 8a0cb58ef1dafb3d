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
