import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the four cloud storage services, for tests, the e2e journey and the benchmark: one OAuth 2
 * authorisation server (authorisation page with Allow and Deny, code grant with PKCE S256 checked, refresh, RFC 7009
 * revocation) and the file API of each family in its documented request and answer shapes (Google Drive v3,
 * Dropbox API v2 with its content host, Microsoft Graph's OneDrive, Box 2.0). Files belong to an account named on
 * the authorisation page, so two users see two drives. Plain node:http, no dependency of the server.
 */
export type PeerFamily = 'google' | 'dropbox' | 'graph' | 'box';

export interface PeerFile {
  id: string;
  name: string;
  /** The folder it is in; 'root' for the top. */
  parentId?: string;
  isFolder?: boolean;
  /** Google's own types (application/vnd.google-apps.document ...) are exported, not downloaded. */
  mimeType?: string;
  /** The bytes, or a file on disk streamed from there. */
  content?: Buffer | { path: string; size: number };
  /** Breaks the connection after this many bytes of the download (a service that fails mid-file). */
  breakAfter?: number;
  /** The size the metadata calls tell, when it should differ from the bytes (a service that understates it). */
  reportedSize?: number;
  /** A Google document's export in each office format. */
  exports?: Record<string, Buffer>;
}

interface Grant {
  account: string;
  family: PeerFamily;
  clientId: string;
  accessToken: string;
  refreshToken: string;
  isRevoked: boolean;
}

const PEER_CLIENTS: Record<PeerFamily, { clientId: string; clientSecret: string }> = {
  google: { clientId: 'google-client', clientSecret: 'google-secret' },
  dropbox: { clientId: 'dropbox-client', clientSecret: 'dropbox-secret' },
  graph: { clientId: 'graph-client', clientSecret: 'graph-secret' },
  box: { clientId: 'box-client', clientSecret: 'box-secret' },
};

const token = () => randomBytes(24).toString('base64url');

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export async function startCloudPeer(port = 0) {
  const files = new Map<string, PeerFile[]>(); // by `${account}/${family}`
  const codes = new Map<
    string,
    { account: string; family: PeerFamily; redirectUri: string; challenge: string; clientId: string }
  >();
  const grants: Grant[] = [];
  /** Every request, for assertions: method and path (with query). */
  const requests: string[] = [];
  let failuresLeft = 0;
  let hangsLeft = 0;

  const drive = (account: string, family: PeerFamily) => {
    const key = `${account}/${family}`;
    if (!files.has(key)) files.set(key, []);
    return files.get(key) as PeerFile[];
  };

  function grantOf(request: IncomingMessage, family: PeerFamily): Grant | undefined {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    return grants.find((grant) => grant.accessToken === bearer && grant.family === family && !grant.isRevoked);
  }

  function sendFile(response: ServerResponse, file: PeerFile, contentType = 'application/octet-stream') {
    const content = file.content ?? Buffer.alloc(0);
    response.writeHead(200, { 'content-type': contentType, 'content-length': String(bytesOf(file)) });
    if (file.breakAfter !== undefined && Buffer.isBuffer(content)) {
      response.write(content.subarray(0, file.breakAfter), () => response.socket?.destroy());
    } else if (Buffer.isBuffer(content)) response.end(content);
    else createReadStream(content.path).pipe(response);
  }

  const bytesOf = (file: PeerFile) =>
    file.content === undefined ? 0 : Buffer.isBuffer(file.content) ? file.content.length : file.content.size;
  const sizeOf = (file: PeerFile) => file.reportedSize ?? bytesOf(file);

  // --- OAuth 2 ---------------------------------------------------------------------------------------------------
  function authorizePage(url: URL, response: ServerResponse) {
    const parameters = [...url.searchParams].map(
      ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    );
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Authorise</title><form method="post">
      ${parameters.join('')}
      <label>Account <input name="account" value="alice"></label>
      <button name="decision" value="allow">Allow</button>
      <button name="decision" value="deny">Deny</button></form>`);
  }

  function decide(family: PeerFamily, parameters: URLSearchParams, response: ServerResponse) {
    const redirectUri = parameters.get('redirect_uri') ?? '';
    const target = new URL(redirectUri);
    const state = parameters.get('state');
    if (state) target.searchParams.set('state', state);
    if (parameters.get('client_id') !== PEER_CLIENTS[family].clientId) {
      response.writeHead(400).end('unknown client');
      return;
    }
    if (parameters.get('decision') !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied access');
    } else if (parameters.get('code_challenge_method') !== 'S256' || !parameters.get('code_challenge')) {
      target.searchParams.set('error', 'invalid_request');
      target.searchParams.set('error_description', 'PKCE required');
    } else {
      const code = token();
      codes.set(code, {
        account: parameters.get('account') || 'alice',
        family,
        redirectUri,
        challenge: parameters.get('code_challenge') ?? '',
        clientId: parameters.get('client_id') ?? '',
      });
      target.searchParams.set('code', code);
    }
    response.writeHead(302, { location: target.href }).end();
  }

  function issue(response: ServerResponse, grant: Grant) {
    json(response, 200, {
      access_token: grant.accessToken,
      token_type: 'bearer',
      expires_in: 3600,
      refresh_token: grant.refreshToken,
      scope: 'files.read',
    });
  }

  function tokenEndpoint(family: PeerFamily, body: URLSearchParams, response: ServerResponse) {
    const client = PEER_CLIENTS[family];
    if (body.get('client_id') !== client.clientId || body.get('client_secret') !== client.clientSecret) {
      return json(response, 401, { error: 'invalid_client' });
    }
    if (body.get('grant_type') === 'authorization_code') {
      const code = codes.get(body.get('code') ?? '');
      codes.delete(body.get('code') ?? '');
      const verifier = body.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !code ||
        code.family !== family ||
        code.redirectUri !== body.get('redirect_uri') ||
        code.challenge !== challenge
      ) {
        return json(response, 400, { error: 'invalid_grant' });
      }
      const grant: Grant = {
        account: code.account,
        family,
        clientId: code.clientId,
        accessToken: token(),
        refreshToken: token(),
        isRevoked: false,
      };
      grants.push(grant);
      return issue(response, grant);
    }
    if (body.get('grant_type') === 'refresh_token') {
      const grant = grants.find((item) => item.refreshToken === body.get('refresh_token') && item.family === family);
      if (!grant || grant.isRevoked) return json(response, 400, { error: 'invalid_grant' });
      grant.accessToken = token();
      // Box rotates refresh tokens; the others keep theirs (Dropbox does not even send it again).
      if (family === 'box') grant.refreshToken = token();
      if (family === 'dropbox') {
        return json(response, 200, { access_token: grant.accessToken, token_type: 'bearer', expires_in: 3600 });
      }
      return issue(response, grant);
    }
    return json(response, 400, { error: 'unsupported_grant_type' });
  }

  function revokeEndpoint(family: PeerFamily, body: URLSearchParams, response: ServerResponse) {
    const value = body.get('token');
    for (const grant of grants) {
      if (grant.family === family && (grant.accessToken === value || grant.refreshToken === value))
        grant.isRevoked = true;
    }
    response.writeHead(200).end();
  }

  // --- File APIs -------------------------------------------------------------------------------------------------
  function google(url: URL, response: ServerResponse, grant: Grant, rest: string) {
    const list = drive(grant.account, 'google');
    if (rest === '/files') {
      const parent = /'((?:[^'\\]|\\.)*)' in parents/.exec(url.searchParams.get('q') ?? '')?.[1] ?? 'root';
      return json(response, 200, {
        files: list
          .filter((file) => (file.parentId ?? 'root') === parent)
          .map((file) => ({
            id: file.id,
            name: file.name,
            mimeType: file.isFolder ? 'application/vnd.google-apps.folder' : (file.mimeType ?? 'application/pdf'),
            ...(file.isFolder || file.mimeType?.startsWith('application/vnd.google-apps.')
              ? {}
              : { size: String(sizeOf(file)) }),
          })),
      });
    }
    const match = /^\/files\/([^/]+)(\/export)?$/.exec(rest);
    const file = match && list.find((item) => item.id === decodeURIComponent(match[1] ?? ''));
    if (!match || !file) return json(response, 404, { error: { code: 404, message: 'File not found' } });
    if (match[2]) {
      const exported = file.exports?.[url.searchParams.get('mimeType') ?? ''];
      if (!exported) return json(response, 400, { error: { code: 400, message: 'Export not supported' } });
      response.writeHead(200, { 'content-type': url.searchParams.get('mimeType') ?? '' });
      return response.end(exported);
    }
    if (url.searchParams.get('alt') === 'media') {
      if (file.mimeType?.startsWith('application/vnd.google-apps.')) {
        return json(response, 403, { error: { code: 403, message: 'Use export' } });
      }
      return sendFile(response, file);
    }
    return json(response, 200, {
      id: file.id,
      name: file.name,
      mimeType: file.mimeType ?? 'application/pdf',
      ...(file.mimeType?.startsWith('application/vnd.google-apps.') ? {} : { size: String(sizeOf(file)) }),
    });
  }

  async function dropbox(request: IncomingMessage, response: ServerResponse, grant: Grant, rest: string) {
    const list = drive(grant.account, 'dropbox');
    const entry = (file: PeerFile) =>
      file.isFolder
        ? { '.tag': 'folder', id: file.id, name: file.name, path_lower: `/${file.name.toLowerCase()}` }
        : { '.tag': 'file', id: file.id, name: file.name, size: sizeOf(file), is_downloadable: true };
    if (rest === '/2/auth/token/revoke') {
      grant.isRevoked = true;
      return json(response, 200, null);
    }
    if (rest === '/2/files/download') {
      const argument = JSON.parse(String(request.headers['dropbox-api-arg'] ?? '{}')) as { path?: string };
      const file = list.find((item) => item.id === argument.path && !item.isFolder);
      if (!file) return json(response, 409, { error_summary: 'path/not_found/..', error: { '.tag': 'path' } });
      return sendFile(response, file);
    }
    const body = JSON.parse((await readBody(request)) || '{}') as { path?: string; cursor?: string };
    if (rest === '/2/files/list_folder' || rest === '/2/files/list_folder/continue') {
      const parent = body.cursor ?? (body.path === '' || body.path === undefined ? 'root' : body.path);
      return json(response, 200, {
        entries: list.filter((file) => (file.parentId ?? 'root') === parent).map(entry),
        cursor: parent,
        has_more: false,
      });
    }
    if (rest === '/2/files/get_metadata') {
      const file = list.find((item) => item.id === body.path);
      if (!file) return json(response, 409, { error_summary: 'path/not_found/...', error: { '.tag': 'path' } });
      return json(response, 200, entry(file));
    }
    return json(response, 404, {});
  }

  function graph(response: ServerResponse, grant: Grant, rest: string, base: string) {
    const list = drive(grant.account, 'graph');
    const children = /^\/me\/drive\/(?:root|items\/([^/]+))\/children$/.exec(rest);
    if (children) {
      const parent = children[1] ? decodeURIComponent(children[1]) : 'root';
      return json(response, 200, {
        value: list
          .filter((file) => (file.parentId ?? 'root') === parent)
          .map((file) =>
            file.isFolder
              ? { id: file.id, name: file.name, folder: { childCount: 0 } }
              : { id: file.id, name: file.name, size: sizeOf(file), file: { mimeType: 'application/octet-stream' } },
          ),
      });
    }
    const item = /^\/me\/drive\/items\/([^/]+)(\/content)?$/.exec(rest);
    const file = item && list.find((entry) => entry.id === decodeURIComponent(item[1] ?? ''));
    if (!item || !file) return json(response, 404, { error: { code: 'itemNotFound', message: 'Item not found' } });
    if (item[2]) {
      // Graph answers 302 to a pre-authenticated address of its download host.
      response.writeHead(302, { location: `${base}/graph-download/${grant.account}/${encodeURIComponent(file.id)}` });
      return response.end();
    }
    return json(
      response,
      200,
      file.isFolder
        ? { id: file.id, name: file.name, folder: {} }
        : { id: file.id, name: file.name, size: sizeOf(file), file: { mimeType: 'application/octet-stream' } },
    );
  }

  function boxApi(url: URL, response: ServerResponse, grant: Grant, rest: string, base: string) {
    const list = drive(grant.account, 'box');
    const items = /^\/folders\/([^/]+)\/items$/.exec(rest);
    if (items) {
      const parent = items[1] === '0' ? 'root' : decodeURIComponent(items[1] ?? '');
      const entries = list.filter((file) => (file.parentId ?? 'root') === parent);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      return json(response, 200, {
        total_count: entries.length,
        offset,
        limit,
        entries: entries.slice(offset, offset + limit).map((file) => ({
          type: file.isFolder ? 'folder' : 'file',
          id: file.id,
          name: file.name,
          ...(file.isFolder ? {} : { size: sizeOf(file) }),
        })),
      });
    }
    const match = /^\/files\/([^/]+)(\/content)?$/.exec(rest);
    const file = match && list.find((entry) => entry.id === decodeURIComponent(match[1] ?? '') && !entry.isFolder);
    if (!match || !file) return json(response, 404, { type: 'error', status: 404, code: 'not_found' });
    if (match[2]) {
      response.writeHead(302, { location: `${base}/box-download/${grant.account}/${encodeURIComponent(file.id)}` });
      return response.end();
    }
    return json(response, 200, { type: 'file', id: file.id, name: file.name, size: sizeOf(file) });
  }

  const FAMILY_PREFIX: Record<string, PeerFamily> = {
    google: 'google',
    dropbox: 'dropbox',
    graph: 'graph',
    box: 'box',
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://peer');
    // The download host is another origin than the API (as Graph's and Box's are), so no bearer token follows.
    const base = `http://localhost:${(server.address() as AddressInfo).port}`;
    requests.push(`${request.method} ${url.pathname}${url.search}`);

    const oauth = /^\/oauth\/(google|dropbox|graph|box)\/(authorize|token|revoke)$/.exec(url.pathname);
    if (oauth) {
      const family = oauth[1] as PeerFamily;
      if (oauth[2] === 'authorize') {
        if (request.method === 'GET' && !url.searchParams.has('decision')) return authorizePage(url, response);
        const parameters = request.method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
        return decide(family, parameters, response);
      }
      const body = new URLSearchParams(await readBody(request));
      return oauth[2] === 'token' ? tokenEndpoint(family, body, response) : revokeEndpoint(family, body, response);
    }

    const download = /^\/(graph|box)-download\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (download) {
      // A pre-authenticated address: no bearer token comes here (and none is needed).
      if (request.headers.authorization) return json(response, 400, { error: 'token sent to the download host' });
      const family = download[1] as PeerFamily;
      const file = drive(decodeURIComponent(download[2] ?? ''), family).find(
        (entry) => entry.id === decodeURIComponent(download[3] ?? ''),
      );
      return file ? sendFile(response, file) : json(response, 404, {});
    }

    const api = /^\/(google|dropbox|dropbox-content|graph|box)(\/.*)$/.exec(url.pathname);
    if (!api) return json(response, 404, { error: 'no such path' });
    const family = FAMILY_PREFIX[api[1] === 'dropbox-content' ? 'dropbox' : (api[1] ?? '')] as PeerFamily;
    if (hangsLeft > 0) {
      hangsLeft -= 1;
      return; // never answers: the caller's time-out must end the wait
    }
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return json(response, 503, { error: 'temporarily unavailable' });
    }
    const grant = grantOf(request, family);
    if (!grant) return json(response, 401, { error: 'invalid_token' });
    const rest = api[2] ?? '';
    if (family === 'google') return google(url, response, grant, rest);
    if (family === 'dropbox') return dropbox(request, response, grant, rest);
    if (family === 'graph') return graph(response, grant, rest, base);
    return boxApi(url, response, grant, rest, base);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: String(error) });
    });
  });
  // Every interface (IPv4 and IPv6): the download host's name, localhost, may resolve to either.
  await new Promise<void>((resolve) => server.listen(port, resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    /** The server's environment that points every service at this peer. */
    env(): Record<string, string> {
      const family: [string, PeerFamily, string][] = [
        ['GOOGLE_DRIVE', 'google', `${url}/google`],
        ['DROPBOX', 'dropbox', `${url}/dropbox/2`],
        ['ONEDRIVE', 'graph', `${url}/graph`],
        ['BOX', 'box', `${url}/box`],
      ];
      const env: Record<string, string> = {};
      for (const [prefix, name, apiUrl] of family) {
        env[`${prefix}_CLIENT_ID`] = PEER_CLIENTS[name].clientId;
        env[`${prefix}_CLIENT_SECRET`] = PEER_CLIENTS[name].clientSecret;
        env[`${prefix}_AUTH_URL`] = `${url}/oauth/${name}/authorize`;
        env[`${prefix}_TOKEN_URL`] = `${url}/oauth/${name}/token`;
        // Microsoft has no revocation endpoint: Deactivate answers its page for removing the app instead.
        if (name !== 'graph') env[`${prefix}_REVOKE_URL`] = `${url}/oauth/${name}/revoke`;
        env[`${prefix}_API_URL`] = apiUrl;
      }
      env.DROPBOX_CONTENT_URL = `${url}/dropbox-content/2`;
      return env;
    },
    addFile(account: string, family: PeerFamily, file: PeerFile) {
      drive(account, family).push(file);
    },
    removeFile(account: string, family: PeerFamily, id: string) {
      const list = drive(account, family);
      const index = list.findIndex((file) => file.id === id);
      if (index >= 0) list.splice(index, 1);
    },
    /** The grants of an account and family, to see what was revoked. */
    grants: (account: string, family: PeerFamily) =>
      grants.filter((grant) => grant.account === account && grant.family === family),
    /** Ends every access token now (their refresh tokens still work), as an hour passing would. */
    expireAccessTokens() {
      for (const grant of grants) grant.accessToken = token();
    },
    /** Revokes every grant of an account at the service, as its user would on the service's own page. */
    revokeAccount(account: string) {
      for (const grant of grants) if (grant.account === account) grant.isRevoked = true;
    },
    /** The next `count` file API calls answer 503. */
    failNext(count: number) {
      failuresLeft = count;
    },
    /** The next `count` file API calls never answer. */
    hangNext(count: number) {
      hangsLeft = count;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type CloudPeer = Awaited<ReturnType<typeof startCloudPeer>>;
