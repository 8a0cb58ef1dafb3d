import { API_PREFIX } from '@esign/shared';
import { vi } from 'vitest';

/** A request the app sent, as the server would read it. */
export interface SentRequest {
  method: string;
  /** The path below the API prefix, without the query. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body parsed, a multipart body as FormData, or undefined. */
  body: unknown;
}

/** An answer: a status and a JSON body (200 and no body by default). */
export interface MockAnswer {
  status?: number;
  body?: unknown;
}

type Handler = MockAnswer | ((request: SentRequest) => MockAnswer | Promise<MockAnswer>);

/**
 * Replaces the network (`fetch`) with answers by `'METHOD /path'` (a path's `:name` parts match any segment), so a
 * component is tested with its real hooks and API client. Every request is kept in `requests`; one with no handler
 * answers 404 and is kept in `unhandled` too.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const requests: SentRequest[] = [];
  const unhandled: SentRequest[] = [];
  const routes = Object.entries(handlers).map(([key, handler]) => {
    const [method = '', pattern = ''] = key.split(' ');
    const matcher = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`);
    return { method, matcher, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = init.body;
    const body =
      typeof rawBody === 'string'
        ? (JSON.parse(rawBody) as unknown)
        : rawBody instanceof FormData
          ? rawBody
          : undefined;
    const request: SentRequest = {
      method,
      path: url.pathname.slice(API_PREFIX.length),
      query: url.searchParams,
      headers: new Headers(init.headers),
      body,
    };
    requests.push(request);
    const route = routes.find((entry) => entry.method === method && entry.matcher.test(request.path));
    if (!route) unhandled.push(request);
    const answer = route
      ? typeof route.handler === 'function'
        ? await route.handler(request)
        : route.handler
      : { status: 404, body: { message: `no answer for ${method} ${request.path}` } };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The requests sent to `'METHOD /path'` (exact path). */
  const sent = (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key);
  return { requests, unhandled, sent };
}
