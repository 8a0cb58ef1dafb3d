import {
  DROPBOX_MAX_FILE_BYTES,
  GOOGLE_EXPORTS,
  type IntegrationFile,
  type IntegrationType,
  UPLOAD_LIMITS,
} from '@esign/shared';
import type { IntegrationProviderConfig } from '../../platform/integration-config.js';
import { jsonOf, type ProviderFetch, ProviderStatusError } from './provider-fetch.js';

export interface FolderPage {
  entries: IntegrationFile[];
  nextCursor: string | null;
}

/** A file the service will hand over: its name as the document will show it, its size when known, its bytes. */
export interface RemoteFile {
  name: string;
  size: number | null;
  open: () => Promise<Response>;
}

/** Why a file cannot be imported, in the service's terms: gone (404) or not downloadable. */
export class FileGoneError extends Error {}
export class FileUnusableError extends Error {}

interface ApiContext {
  call: ProviderFetch;
  provider: IntegrationProviderConfig;
}

/** One family of file API: its documented list, metadata and download calls. */
export interface FileApi {
  /** The largest file the product takes from this service. */
  maxFileBytes: number;
  list: (context: ApiContext, folderId: string | undefined, cursor: string | undefined) => Promise<FolderPage>;
  file: (context: ApiContext, fileId: string) => Promise<RemoteFile>;
  /** The service's own revocation call, where it is not RFC 7009 (Dropbox). */
  revoke?: (context: ApiContext) => Promise<void>;
}

const segment = (id: string) => encodeURIComponent(id);
const GOOGLE_FOLDER = 'application/vnd.google-apps.folder';
const PAGE_SIZE = 100;

/** Turns a 404 of a metadata call into 'gone'; other refusals into 'cannot be used'. */
async function metadata<T>(
  request: () => Promise<Response>,
  isGone = (error: ProviderStatusError) => error.status === 404,
) {
  try {
    return await jsonOf<T>(await request());
  } catch (error) {
    if (error instanceof ProviderStatusError && error.status !== 401) {
      throw isGone(error) ? new FileGoneError() : new FileUnusableError();
    }
    throw error;
  }
}

/** Google Drive API v3: files.list with `'<folder>' in parents`, files.get (alt=media), files.export. */
const googleDrive: FileApi = {
  maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
  async list({ call, provider }, folderId, cursor) {
    const folder = (folderId ?? 'root').replace(/\\/g, '\\\\').replace(/'/g, "\\'");
    const query = new URLSearchParams({
      q: `'${folder}' in parents and trashed = false`,
      fields: 'nextPageToken,files(id,name,mimeType,size)',
      orderBy: 'folder,name',
      pageSize: String(PAGE_SIZE),
      ...(cursor ? { pageToken: cursor } : {}),
    });
    const answer = await jsonOf<{
      files: { id: string; name: string; mimeType: string; size?: string }[];
      nextPageToken?: string;
    }>(await call(`${provider.apiUrl}/files?${query}`));
    return {
      entries: answer.files.map((file) => ({
        id: file.id,
        name: file.name,
        isFolder: file.mimeType === GOOGLE_FOLDER,
        size: file.size === undefined ? null : Number(file.size),
        mimeType: file.mimeType,
      })),
      nextCursor: answer.nextPageToken ?? null,
    };
  },
  async file({ call, provider }, fileId) {
    const base = `${provider.apiUrl}/files/${segment(fileId)}`;
    const file = await metadata<{ name: string; mimeType: string; size?: string }>(() =>
      call(`${base}?fields=id,name,mimeType,size`),
    );
    const exported = GOOGLE_EXPORTS[file.mimeType];
    if (exported) {
      const suffix = `.${exported.extension}`;
      return {
        name: file.name.toLowerCase().endsWith(suffix) ? file.name : `${file.name}${suffix}`,
        size: null,
        open: () => call(`${base}/export?mimeType=${encodeURIComponent(exported.mimeType)}`),
      };
    }
    // Forms, drawings, folders and the other Google types have no file to download.
    if (file.mimeType.startsWith('application/vnd.google-apps.')) throw new FileUnusableError();
    return {
      name: file.name,
      size: file.size === undefined ? null : Number(file.size),
      open: () => call(`${provider.contentUrl}/files/${segment(fileId)}?alt=media`),
    };
  },
};

interface DropboxEntry {
  '.tag': 'file' | 'folder' | 'deleted';
  id: string;
  name: string;
  size?: number;
  is_downloadable?: boolean;
}

const dropboxJson = (body: object): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Dropbox API v2: /files/list_folder (and /continue), /files/get_metadata, content /files/download. */
const dropbox: FileApi = {
  maxFileBytes: DROPBOX_MAX_FILE_BYTES,
  async list({ call, provider }, folderId, cursor) {
    const response = cursor
      ? await call(`${provider.apiUrl}/files/list_folder/continue`, dropboxJson({ cursor }))
      : await call(`${provider.apiUrl}/files/list_folder`, dropboxJson({ path: folderId ?? '', limit: PAGE_SIZE }));
    const answer = await jsonOf<{ entries: DropboxEntry[]; cursor: string; has_more: boolean }>(response);
    return {
      entries: answer.entries
        .filter((entry) => entry['.tag'] !== 'deleted')
        .map((entry) => ({
          id: entry.id,
          name: entry.name,
          isFolder: entry['.tag'] === 'folder',
          size: entry.size ?? null,
          mimeType: null,
        })),
      nextCursor: answer.has_more ? answer.cursor : null,
    };
  },
  async file({ call, provider }, fileId) {
    // A path that is not there answers 409 with an error summary starting 'path/not_found'.
    const entry = await metadata<DropboxEntry>(
      () => call(`${provider.apiUrl}/files/get_metadata`, dropboxJson({ path: fileId })),
      (error) => error.status === 409 && error.body.includes('not_found'),
    );
    if (entry['.tag'] !== 'file' || entry.is_downloadable === false) throw new FileUnusableError();
    return {
      name: entry.name,
      size: entry.size ?? null,
      // The argument travels in a header, which must be ASCII: JSON escapes anything else.
      open: () =>
        call(`${provider.contentUrl}/files/download`, {
          method: 'POST',
          headers: { 'dropbox-api-arg': JSON.stringify({ path: fileId }).replace(/[\u007f-\uffff]/g, asciiEscape) },
        }),
    };
  },
  async revoke({ call, provider }) {
    await (await call(`${provider.apiUrl}/auth/token/revoke`, { method: 'POST' })).body?.cancel();
  },
};

function asciiEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Graph's next page is its own address (@odata.nextLink), which the browser hands back as the cursor: it is
 * followed (with the user's token) only when, once normalised as fetch will normalise it (dot segments, `%2e`,
 * backslashes), it is on the configured API's origin and under its path. An encoded slash, backslash or dot left
 * in the path after that could still climb out at the far end, so it is refused too.
 */
export function nextLinkUnder(cursor: string, apiUrl: string): string {
  let next: URL;
  try {
    next = new URL(cursor);
  } catch {
    throw new FileUnusableError();
  }
  const api = new URL(apiUrl);
  const base = api.pathname.replace(/\/+$/, '');
  const isUnder =
    next.origin === api.origin &&
    next.username === '' &&
    next.password === '' &&
    next.pathname.startsWith(`${base}/`) &&
    !/%(2e|2f|5c)/i.test(next.pathname);
  if (!isUnder) throw new FileUnusableError();
  return next.href;
}

/** Microsoft Graph (OneDrive): /me/drive/root/children, /me/drive/items/{id}(/children, /content). */
const oneDrive: FileApi = {
  maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
  async list({ call, provider }, folderId, cursor) {
    const drive = `${provider.apiUrl}/me/drive`;
    const url =
      (cursor ? nextLinkUnder(cursor, provider.apiUrl) : undefined) ??
      `${folderId ? `${drive}/items/${segment(folderId)}` : `${drive}/root`}/children?$select=id,name,size,file,folder&$top=${PAGE_SIZE}`;
    const answer = await jsonOf<{
      value: { id: string; name: string; size?: number; folder?: object; file?: { mimeType?: string } }[];
      '@odata.nextLink'?: string;
    }>(await call(url));
    return {
      entries: answer.value.map((item) => ({
        id: item.id,
        name: item.name,
        isFolder: item.folder !== undefined,
        size: item.folder ? null : (item.size ?? null),
        mimeType: item.file?.mimeType ?? null,
      })),
      nextCursor: answer['@odata.nextLink'] ?? null,
    };
  },
  async file({ call, provider }, fileId) {
    const item = `${provider.apiUrl}/me/drive/items/${segment(fileId)}`;
    const entry = await metadata<{ name: string; size?: number; file?: object }>(() =>
      call(`${item}?$select=id,name,size,file`),
    );
    if (!entry.file) throw new FileUnusableError();
    // /content answers 302 to a pre-authenticated download address (fetch drops the bearer token across origins).
    return { name: entry.name, size: entry.size ?? null, open: () => call(`${item}/content`) };
  },
};

/** Box API 2.0: /folders/{id}/items (offset pages), /files/{id}, /files/{id}/content. */
const box: FileApi = {
  maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
  async list({ call, provider }, folderId, cursor) {
    const offset = cursor && /^\d+$/.test(cursor) ? Number(cursor) : 0;
    const query = new URLSearchParams({
      fields: 'id,type,name,size',
      limit: String(PAGE_SIZE),
      offset: String(offset),
    });
    const answer = await jsonOf<{
      entries: { id: string; type: 'file' | 'folder' | 'web_link'; name: string; size?: number }[];
      total_count: number;
    }>(await call(`${provider.apiUrl}/folders/${segment(folderId ?? '0')}/items?${query}`));
    const next = offset + PAGE_SIZE;
    return {
      entries: answer.entries
        .filter((entry) => entry.type !== 'web_link')
        .map((entry) => ({
          id: entry.id,
          name: entry.name,
          isFolder: entry.type === 'folder',
          size: entry.type === 'folder' ? null : (entry.size ?? null),
          mimeType: null,
        })),
      nextCursor: next < answer.total_count ? String(next) : null,
    };
  },
  async file({ call, provider }, fileId) {
    const file = `${provider.apiUrl}/files/${segment(fileId)}`;
    const entry = await metadata<{ name: string; size?: number }>(() => call(`${file}?fields=id,name,size`));
    return {
      name: entry.name,
      size: entry.size ?? null,
      open: () => call(`${provider.contentUrl}/files/${segment(fileId)}/content`),
    };
  },
};

/** Each service's file API, looked up by type. */
export const FILE_APIS: Record<IntegrationType, FileApi> = {
  google_drive: googleDrive,
  dropbox,
  one_drive: oneDrive,
  box,
};
