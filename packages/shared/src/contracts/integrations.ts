import { z } from 'zod';
import { INTEGRATION_TYPES } from '../account/integrations.js';
import { ROUTES } from '../api/routes.js';
import { documentIdParams, documentPart } from './documents.js';

export const integrationType = z.enum(INTEGRATION_TYPES);
const typeQuery = z.object({ type: integrationType });

/** One card of the Integrations page. */
export const integrationState = z.object({
  type: integrationType,
  /** False when the server has no client id and secret for the service: the card is disabled with `disabledReason`. */
  isConfigured: z.boolean(),
  disabledReason: z.string().nullable(),
  isConnected: z.boolean(),
  /** The service refused the stored tokens (revoked there, or expired): the card asks to activate it again. */
  isRevoked: z.boolean(),
});
export type IntegrationState = z.infer<typeof integrationState>;

export const listIntegrations = {
  ...ROUTES.listIntegrations,
  response: z.object({ integrations: z.array(integrationState) }),
} as const;

/** The service's authorisation address (PKCE and state made and kept by the server), opened in a popup. */
export const integrationAuthUrl = {
  ...ROUTES.integrationAuthUrl,
  querystring: typeQuery,
  response: z.object({ url: z.string() }),
} as const;

/**
 * Where the service sends the popup back (`redirect_uri`): spends the state, exchanges the code with its PKCE
 * verifier, and redirects to /integrations with status, type, error and error_description.
 */
export const integrationCallback = {
  ...ROUTES.integrationCallback,
  params: z.object({ type: integrationType }),
  querystring: z.object({
    code: z.string().max(4096).optional(),
    state: z.string().max(200).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  }),
} as const;

/** A current access token of the caller's connection (refreshed when due), for a service's own picker script. */
export const integrationAuthToken = {
  ...ROUTES.integrationAuthToken,
  querystring: typeQuery,
  response: z.object({ token: z.string() }),
} as const;

/** Revokes the tokens at the service and forgets them; `url` is the service's page for removing the app, if any. */
export const deactivateIntegration = {
  ...ROUTES.deactivateIntegration,
  body: typeQuery,
  response: z.object({ url: z.string().nullable(), message: z.string() }),
} as const;

export const integrationFile = z.object({
  id: z.string(),
  name: z.string(),
  isFolder: z.boolean(),
  /** Bytes; null for a folder and for a service's own document (exported when imported). */
  size: z.number().nullable(),
  mimeType: z.string().nullable(),
});
export type IntegrationFile = z.infer<typeof integrationFile>;

/** One page of a folder of the caller's connected service (the root without `folderId`). */
export const integrationFiles = {
  ...ROUTES.integrationFiles,
  params: z.object({ type: integrationType }),
  querystring: z.object({ folderId: z.string().max(1000).optional(), cursor: z.string().max(4000).optional() }),
  response: z.object({ entries: z.array(integrationFile), nextCursor: z.string().nullable() }),
} as const;

/** Adds a file of the caller's connected service to a draft, fetched by the server: answers like file_upload. */
export const fileImport = {
  ...ROUTES.fileImport,
  params: documentIdParams,
  body: z.object({ type: integrationType, fileId: z.string().min(1).max(1000) }),
  response: documentPart,
} as const;
