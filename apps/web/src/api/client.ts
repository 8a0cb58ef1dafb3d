import type * as contracts from '@esign/shared';
import { API_PREFIX, ROUTES, type RouteName, SIGN_ACCESS_TOKEN_HEADER, SIGNER_MESSAGES } from '@esign/shared';
import type { z } from 'zod';
import { ApiError, apiErrorFromBody } from './api-error';
import { type Query, routeUrl } from './route-url';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './tokens';

/**
 * A route's contract in @esign/shared, by its name. Only its types are used here: calls go through the zod-free
 * ROUTES table, and answers are not parsed again in the browser (the server's serializer checks each one against
 * its contract), so zod stays out of the pages that do not validate forms.
 */
type ContractOf<N extends RouteName> = (typeof contracts)[N];
type SchemaOutput<C, K extends string> = C extends { [key in K]: z.ZodType } ? z.output<C[K]> : undefined;
export type ResponseOf<N extends RouteName> = SchemaOutput<ContractOf<N>, 'response'>;
type BodyOf<N extends RouteName> = ContractOf<N> extends { body: z.ZodType } ? z.input<ContractOf<N>['body']> : never;
type QueryOf<N extends RouteName> =
  ContractOf<N> extends { querystring: z.ZodType } ? z.input<ContractOf<N>['querystring']> : never;
type ParamsOf<N extends RouteName> =
  ContractOf<N> extends { params: z.ZodType } ? Record<keyof z.output<ContractOf<N>['params']>, string> : never;

export interface CallOptions<N extends RouteName> {
  body?: BodyOf<N>;
  /** A multipart body (file uploads); sent as it is, with the browser's own multipart content type. */
  formData?: FormData;
  /** The path's `:name` parameters. */
  params?: ParamsOf<N>;
  query?: QueryOf<N>;
  /** A 401 answer to this call does not log out (the sign-in call itself). */
  isUnauthorizedExpected?: boolean;
  signal?: AbortSignal;
  /** Outlives the page (a save sent as the tab closes); the browser limits such bodies to 64 KB. */
  keepalive?: boolean;
}

const REFRESH_LOCK = 'esign-token-refresh';

let pendingRefresh: Promise<boolean> | null = null;
let signAccessToken: string | null = null;

/** The signing link's token: while the signer page is open, every call carries it (signers have no account). */
export function setSignAccessToken(token: string | null): void {
  signAccessToken = token;
}

/** The signing link's token in use, if any. */
export function getSignAccessToken(): string | null {
  return signAccessToken;
}

/** An answer's body: JSON parsed, else its text; undefined when empty. */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One request to the API, with the bearer token and (on the signer page) the signing link's token. */
export async function send(
  method: string,
  path: string,
  bearer: string | null,
  body: unknown,
  signal?: AbortSignal,
  keepalive?: boolean,
) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (signAccessToken) headers[SIGN_ACCESS_TOKEN_HEADER] = signAccessToken;
  const isMultipart = body instanceof FormData;
  // FormData gets its multipart content type (with the boundary) from fetch itself.
  if (body !== undefined && !isMultipart) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isMultipart ? body : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: SIGNER_MESSAGES.somethingWentWrong });
  }
}

async function runRefresh(expiredToken: string | null): Promise<boolean> {
  // Another tab may already have refreshed while this one waited for the lock.
  const current = getAccessToken();
  if (current !== null && current !== expiredToken) return true;
  const refresh = getRefreshToken();
  if (refresh === null) return false;
  const response = await send(ROUTES.refreshToken.method, ROUTES.refreshToken.path, refresh, undefined).catch(
    () => null,
  );
  if (response === null || !response.ok) return false;
  const pair = (await readBody(response)) as ResponseOf<'refreshToken'> | undefined;
  if (typeof pair?.accessToken !== 'string' || typeof pair.refreshToken !== 'string') return false;
  setTokens(pair);
  return true;
}

/** Refreshes the token pair once for all concurrent callers (and, through a Web Lock, across tabs). */
export function refreshTokens(expiredToken: string | null): Promise<boolean> {
  if (pendingRefresh === null) {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    // The DOM typing nests the callback's promise; at run time the lock's promise settles with its value.
    const attempt = locks
      ? (locks.request(REFRESH_LOCK, () => runRefresh(expiredToken)) as unknown as Promise<boolean>)
      : runRefresh(expiredToken);
    const shared = attempt.finally(() => {
      pendingRefresh = null;
    });
    pendingRefresh = shared;
    return shared;
  }
  return pendingRefresh;
}

type RequestOptions = Pick<CallOptions<RouteName>, 'isUnauthorizedExpected' | 'signal' | 'keepalive'>;

/**
 * Sends one request with the session's rules: bearer access token from storage, one refresh-and-retry when the
 * answer's code is TOKEN_EXPIRED, logout on 401, and every error answer thrown as an ApiError. A successful answer
 * is returned unread, so the caller reads it as JSON (apiCall) or as a file (apiDownload).
 */
async function sendInSession(method: string, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  const failure = async (answer: Response) =>
    answer.ok ? null : apiErrorFromBody(answer.status, await readBody(answer));
  let token = getAccessToken();
  let response = await send(method, path, token, body, options.signal, options.keepalive);
  let error = await failure(response);

  if (error?.code === 'TOKEN_EXPIRED') {
    const isRefreshed = await refreshTokens(token);
    if (!isRefreshed) {
      clearTokens();
      throw new ApiError({ status: 401, code: 'UNAUTHORIZED', message: SIGNER_MESSAGES.unauthorized });
    }
    token = getAccessToken();
    response = await send(method, path, token, body, options.signal);
    error = await failure(response);
  }

  if (error !== null) {
    if (error.status === 401 && !options.isUnauthorizedExpected) clearTokens();
    throw error;
  }
  return response;
}

function requestOf<N extends RouteName>(name: N, options: CallOptions<N>) {
  const route = ROUTES[name];
  const path = routeUrl(route, options.params, options.query as Query | undefined);
  return { method: route.method, path, body: options.formData ?? options.body };
}

/**
 * Calls one API route by its contract's name: bearer access token from storage, one refresh-and-retry on an
 * expired access token, logout on 401, error answers as ApiError, success answers typed by the contract.
 */
export async function apiCall<N extends RouteName>(name: N, options: CallOptions<N> = {}): Promise<ResponseOf<N>> {
  const { method, path, body } = requestOf(name, options);
  const response = await sendInSession(method, path, body, options);
  return (await readBody(response)) as ResponseOf<N>;
}

/** Calls a route that answers a file (the documents' zip) with apiCall's rules, and answers the file's bytes. */
export async function apiDownload<N extends RouteName>(name: N, options: CallOptions<N> = {}): Promise<Blob> {
  const { method, path, body } = requestOf(name, options);
  const response = await sendInSession(method, path, body, options);
  return response.blob();
}
