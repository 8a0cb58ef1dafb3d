/** Cloud storage services a user connects on the Integrations page (spec part 2, 'Integration'). */
export const INTEGRATION_TYPES = ['google_drive', 'dropbox', 'one_drive', 'box'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** The services' names as the cards, the toasts ('{service} successfully integrated!') and the errors say them. */
export const INTEGRATION_TITLES: Record<IntegrationType, string> = {
  google_drive: 'Google Drive',
  dropbox: 'Dropbox',
  one_drive: 'One Drive',
  box: 'Box',
};

/** Dropbox's own limit on a file the product takes from it: 40 million bytes (spec part 1, section 5). */
export const DROPBOX_MAX_FILE_BYTES = 40_000_000;

/** Google's own documents, exported as the office file of their kind (spec part 1, section 5). */
export const GOOGLE_EXPORTS: Record<string, { mimeType: string; extension: 'docx' | 'xlsx' | 'pptx' }> = {
  'application/vnd.google-apps.document': {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  'application/vnd.google-apps.spreadsheet': {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  },
  'application/vnd.google-apps.presentation': {
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
  },
};

/** The message the authorisation window posts to the Integrations page that opened it. */
export interface IntegrationPopupMessage {
  source: 'esign-integration';
  status: 'success' | 'error';
  type: IntegrationType | null;
  error: string | null;
  errorDescription: string | null;
}

/** The spec's success toast for a service. */
export const integratedMessage = (type: IntegrationType) => `${INTEGRATION_TITLES[type]} successfully integrated!`;
/** The spec's toast after Deactivate. */
export const deactivatedMessage = (type: IntegrationType) =>
  `${INTEGRATION_TITLES[type]} integration successfully deactivated`;
/** The spec's toast for a file gone at the service ('File from {title} not found'). */
export const fileGoneMessage = (type: IntegrationType) => `File from ${INTEGRATION_TITLES[type]} not found`;
/** A connection the service no longer honours (revoked there, or expired): it must be made again. */
export const connectionRevokedMessage = (type: IntegrationType) =>
  `Your ${INTEGRATION_TITLES[type]} connection has expired or was revoked. Activate it again on the Integrations page.`;
/** The service did not answer in time, even after a retry. */
export const providerUnavailableMessage = (type: IntegrationType) =>
  `${INTEGRATION_TITLES[type]} did not answer. Please try again in a moment.`;
