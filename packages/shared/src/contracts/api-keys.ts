import { z } from 'zod';
import { ROUTES } from '../api/routes.js';
import { requiredString } from '../validation/inputs.js';
import { MESSAGES } from '../validation/messages.js';

/**
 * The developer API's keys and their request history (spec part 2, sections 2 to 8): the account owner's calls
 * under /settings/api. A key's value is answered once, by `api_keys/create`; only its SHA-256 is kept.
 */
export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];
/** A key's readable start: `esk_live_` (documents that count) or `esk_test_` (test mode, free, not binding). */
export const API_KEY_PREFIXES: Record<ApiKeyMode, string> = { live: 'esk_live_', test: 'esk_test_' };
/** The request types of the history (section 3): one per public API route. */
export const API_REQUEST_TYPES = [
  'sign_request',
  'get_recent_document',
  'webhook_subscribe',
  'webhook_unsubscribe',
  'get_documents',
  'get_document_signers',
  'get_user',
  'update_recipient',
  'set_reassignment',
  'void_document',
  'set_document_expiry',
  'set_legal_hold',
  'get_retention',
  'set_retention',
  'erase_person',
  'get_document_attachments',
  'get_attachment_download_url',
] as const;
export type ApiRequestType = (typeof API_REQUEST_TYPES)[number];
/** Page size of the keys table and the history ('Page size: not shown'). */
export const API_LIST_LIMIT = 10;
/** Origins that may frame a key's embedded signing links (section 8 of the issue): https, or http on localhost. */
export const API_KEY_MAX_ORIGINS = 10;

const origin = z
  .string()
  .trim()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      const isLocal = url.hostname === 'localhost' || url.hostname === '127.0.0.1';
      return (url.protocol === 'https:' || (url.protocol === 'http:' && isLocal)) && url.origin === value;
    } catch {
      return false;
    }
  }, MESSAGES.apiKeyOriginInvalid);

export const apiKeyItem = z.object({
  id: z.string().uuid(),
  name: z.string(),
  prefix: z.string(),
  mode: z.enum(API_KEY_MODES),
  createdAt: z.string(),
  requests: z.number().int(),
  /** Set while the key is revoked (a revoked key answers 401 until recovered). */
  deletedAt: z.string().nullable(),
  allowedOrigins: z.array(z.string()),
});
export type ApiKeyItem = z.infer<typeof apiKeyItem>;

const pagination = {
  totalItems: z.number().int(),
  pageCount: z.number().int(),
  itemCount: z.number().int(),
  pageNumber: z.number().int(),
  itemsLimit: z.number().int(),
};

export const apiListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(API_LIST_LIMIT),
  orderingKey: z.enum(['createdAt']).default('createdAt'),
  orderingDirection: z.enum(['ASC', 'DESC']).default('DESC'),
});
export type ApiListQuery = z.input<typeof apiListQuery>;

const apiKeyIdParams = z.object({ id: z.string().uuid({ error: MESSAGES.notFound }) });

export const apiKeyListResponse = z.object({ items: z.array(apiKeyItem), ...pagination });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponse>;
/** GET api_keys: the owner's keys, revoked ones too, newest first. */
export const listApiKeys = { ...ROUTES.listApiKeys, querystring: apiListQuery, response: apiKeyListResponse } as const;
/** GET api_keys/{id}. */
export const getApiKey = { ...ROUTES.getApiKey, params: apiKeyIdParams, response: apiKeyItem } as const;

export const createApiKeyRequest = z.object({
  name: requiredString(100),
  mode: z.enum(API_KEY_MODES).default('live'),
  allowedOrigins: z.array(origin).max(API_KEY_MAX_ORIGINS).default([]),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequest>;
/** POST api_keys/create: the new key with its value, answered this once. */
export const createApiKey = {
  ...ROUTES.createApiKey,
  body: createApiKeyRequest,
  response: z.object({ apiKey: apiKeyItem, key: z.string() }),
} as const;
/** PATCH api_keys/{id}: the origins allowed to embed the key's signing links. */
export const updateApiKey = {
  ...ROUTES.updateApiKey,
  params: apiKeyIdParams,
  body: z.object({ allowedOrigins: z.array(origin).max(API_KEY_MAX_ORIGINS) }),
  response: apiKeyItem,
} as const;

const done = z.object({ message: z.string() });
/** DELETE api_keys {ids}: deletes keys (their history with them). */
export const deleteApiKeys = {
  ...ROUTES.deleteApiKeys,
  body: z.object({
    ids: z
      .array(z.string().uuid({ error: MESSAGES.notFound }))
      .min(1)
      .max(100),
  }),
  response: done,
} as const;
export const deleteApiKey = { ...ROUTES.deleteApiKey, params: apiKeyIdParams, response: done } as const;
/** DELETE api_keys/revoke/{id}: active -> revoked. */
export const revokeApiKey = { ...ROUTES.revokeApiKey, params: apiKeyIdParams, response: done } as const;
/** POST api_keys/recover/{id}: revoked -> active. */
export const recoverApiKey = { ...ROUTES.recoverApiKey, params: apiKeyIdParams, response: done } as const;

export const apiRequestItem = z.object({
  id: z.string().uuid(),
  type: z.enum(API_REQUEST_TYPES),
  createdAt: z.string(),
  /** The caller's IP address. */
  origin: z.string(),
  statusCode: z.number().int(),
  durationMs: z.number().int(),
});
export type ApiRequestItem = z.infer<typeof apiRequestItem>;
export const apiRequestHistoryResponse = z.object({ items: z.array(apiRequestItem), ...pagination });
export type ApiRequestHistoryResponse = z.infer<typeof apiRequestHistoryResponse>;
/** GET api_keys/{id}/request_history: one key's calls, newest first. */
export const apiKeyRequestHistory = {
  ...ROUTES.apiKeyRequestHistory,
  params: apiKeyIdParams,
  querystring: apiListQuery,
  response: apiRequestHistoryResponse,
} as const;
