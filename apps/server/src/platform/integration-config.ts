import { INTEGRATION_TYPES, type IntegrationType } from '@esign/shared';

/** One cloud storage service's OAuth 2 client and addresses (each overridable, so tests point them at a peer). */
export interface IntegrationProviderConfig {
  clientId: string;
  clientSecret: string;
  /** The authorisation endpoint the popup opens. */
  authUrl: string;
  tokenUrl: string;
  /** Where tokens are revoked on Deactivate; null where the service has no revocation endpoint (Microsoft). */
  revokeUrl: string | null;
  /** The file API's base (Drive v3, Dropbox /2, Graph v1.0, Box 2.0). */
  apiUrl: string;
  /** Dropbox's content host (downloads); the API's base for the others. */
  contentUrl: string;
  scopes: string[];
  /** The service's page where a user removes the app's access (answered by Deactivate). */
  manageUrl: string | null;
}

type Defaults = Omit<IntegrationProviderConfig, 'clientId' | 'clientSecret'>;

/** Each service's documented production addresses. */
const DEFAULTS: Record<IntegrationType, Defaults> = {
  google_drive: {
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    revokeUrl: 'https://oauth2.googleapis.com/revoke',
    apiUrl: 'https://www.googleapis.com/drive/v3',
    contentUrl: 'https://www.googleapis.com/drive/v3',
    scopes: ['https://www.googleapis.com/auth/drive.readonly'],
    manageUrl: 'https://myaccount.google.com/permissions',
  },
  dropbox: {
    authUrl: 'https://www.dropbox.com/oauth2/authorize',
    tokenUrl: 'https://api.dropboxapi.com/oauth2/token',
    revokeUrl: 'https://api.dropboxapi.com/2/auth/token/revoke',
    apiUrl: 'https://api.dropboxapi.com/2',
    contentUrl: 'https://content.dropboxapi.com/2',
    scopes: ['files.metadata.read', 'files.content.read'],
    manageUrl: 'https://www.dropbox.com/account/connected_apps',
  },
  one_drive: {
    authUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    revokeUrl: null,
    apiUrl: 'https://graph.microsoft.com/v1.0',
    contentUrl: 'https://graph.microsoft.com/v1.0',
    scopes: ['offline_access', 'Files.Read.All'],
    manageUrl: 'https://account.live.com/consent/Manage',
  },
  box: {
    authUrl: 'https://account.box.com/api/oauth2/authorize',
    tokenUrl: 'https://api.box.com/oauth2/token',
    revokeUrl: 'https://api.box.com/oauth2/revoke',
    apiUrl: 'https://api.box.com/2.0',
    contentUrl: 'https://api.box.com/2.0',
    scopes: ['root_readonly'],
    manageUrl: null,
  },
};

/** The environment's prefix of each service: GOOGLE_DRIVE_CLIENT_ID, DROPBOX_TOKEN_URL, ONEDRIVE_API_URL ... */
export const INTEGRATION_ENV_PREFIX: Record<IntegrationType, string> = {
  google_drive: 'GOOGLE_DRIVE',
  dropbox: 'DROPBOX',
  one_drive: 'ONEDRIVE',
  box: 'BOX',
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The configured services: `<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET` turn one on; `_AUTH_URL`,
 * `_TOKEN_URL`, `_REVOKE_URL`, `_API_URL`, `_CONTENT_URL` and `_SCOPES` (space-separated) replace its defaults.
 * A service without both is absent (its card is disabled and says why).
 */
export function integrationConfigs(
  env: Record<string, string | undefined>,
): Record<IntegrationType, IntegrationProviderConfig | undefined> {
  const entries = INTEGRATION_TYPES.map((type) => {
    const prefix = INTEGRATION_ENV_PREFIX[type];
    const read = (name: string) => env[`${prefix}_${name}`] || undefined;
    const clientId = read('CLIENT_ID');
    const clientSecret = read('CLIENT_SECRET');
    if (!clientId || !clientSecret) return [type, undefined] as const;
    const defaults = DEFAULTS[type];
    const apiUrl = trimSlash(read('API_URL') ?? defaults.apiUrl);
    const revokeUrl = read('REVOKE_URL') ?? defaults.revokeUrl;
    return [
      type,
      {
        clientId,
        clientSecret,
        authUrl: read('AUTH_URL') ?? defaults.authUrl,
        tokenUrl: read('TOKEN_URL') ?? defaults.tokenUrl,
        revokeUrl,
        apiUrl,
        contentUrl: trimSlash(read('CONTENT_URL') ?? (read('API_URL') ? apiUrl : defaults.contentUrl)),
        scopes: (read('SCOPES') ?? defaults.scopes.join(' ')).split(/\s+/).filter(Boolean),
        manageUrl: defaults.manageUrl,
      },
    ] as const;
  });
  return Object.fromEntries(entries) as Record<IntegrationType, IntegrationProviderConfig | undefined>;
}
