import { API_PREFIX, MESSAGES } from '@esign/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall, apiDownload } from './client';
import { getAccessToken, getRefreshToken, setTokens } from './tokens';

/** A Storage kept in memory (the unit tests run in Node, without the browser's storages). */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const expired = () => json(403, { statusCode: 403, code: 'TOKEN_EXPIRED', message: MESSAGES.tokenExpired });

interface Sent {
  path: string;
  authorization: string | null;
}

/** Answers the requests in order and records each one's path and bearer token. */
function answer(...responses: Response[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      sent.push({ path: url.slice(API_PREFIX.length), authorization: headers.get('Authorization') });
      const next = responses.shift();
      if (next === undefined) throw new Error(`no answer left for ${url}`);
      return next;
    }),
  );
  return sent;
}

describe('the API client', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    setTokens({ accessToken: 'old-access', refreshToken: 'old-refresh' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("refreshes once when the answer's code is TOKEN_EXPIRED and sends the call again", async () => {
    const sent = answer(
      expired(),
      json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' }),
      json(200, {}),
    );
    await apiCall('getUser');
    expect(sent).toEqual([
      { path: '/user', authorization: 'Bearer old-access' },
      { path: '/auth/refresh-token', authorization: 'Bearer old-refresh' },
      { path: '/user', authorization: 'Bearer new-access' },
    ]);
    expect(getAccessToken()).toBe('new-access');
  });

  it('goes by the code, not the text: a 403 of another code is an error, with no refresh', async () => {
    const sent = answer(json(403, { statusCode: 403, code: 'FORBIDDEN', message: MESSAGES.tokenExpired }));
    await expect(apiCall('getUser')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(sent).toHaveLength(1);
    expect(getAccessToken()).toBe('old-access');
  });

  it('logs out when the refresh fails', async () => {
    answer(expired(), json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: MESSAGES.unauthorized }));
    await expect(apiCall('getUser')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  describe('apiDownload', () => {
    it("answers the file's bytes, after the same refresh as any call", async () => {
      const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
      const sent = answer(
        expired(),
        json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' }),
        new Response(zip, { status: 200, headers: { 'Content-Type': 'application/zip' } }),
      );
      const file = await apiDownload('downloadDocumentsZip', { body: { ids: ['a'] } });
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(zip);
      expect(sent.map((request) => request.authorization)).toEqual([
        'Bearer old-access',
        'Bearer old-refresh',
        'Bearer new-access',
      ]);
    });

    it('logs out on 401 and throws the error answer as an ApiError', async () => {
      answer(json(401, { statusCode: 401, code: 'UNAUTHORIZED', message: MESSAGES.unauthorized }));
      await expect(apiDownload('downloadDocumentsZip', { body: { ids: ['a'] } })).rejects.toMatchObject({
        status: 401,
        message: MESSAGES.unauthorized,
      });
      expect(getAccessToken()).toBeNull();
    });

    it('throws a refusal as an ApiError with its code and message', async () => {
      answer(json(404, { statusCode: 404, code: 'NOT_FOUND', message: MESSAGES.documentNotFound }));
      await expect(apiDownload('downloadDocumentsZip', { body: { ids: ['a'] } })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: MESSAGES.documentNotFound,
      });
      expect(getAccessToken()).toBe('old-access');
    });
  });
});
