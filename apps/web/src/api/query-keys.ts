import type { DocumentListQuery } from '@esign/shared';
import type { DataTag } from '@tanstack/react-query';
import type { ResponseOf } from './client';

/**
 * A query key that carries the type of the data cached under it, so `getQueryData` and `setQueryData` are typed by
 * the key alone.
 */
type DataKey<Data> = DataTag<readonly unknown[], Data>;
const dataKey = <Data>(...parts: unknown[]) => parts as unknown as DataKey<Data>;

/**
 * Every TanStack Query key of the web app. Keys nest: invalidating a shorter key (`queryKeys.documents.all`) reaches
 * every key that begins with it (each document's details, activities, conversion and the lists).
 */
export const queryKeys = {
  currentUser: () => dataKey<ResponseOf<'getUser'>>('currentUser'),
  /** The user's passkeys (settings/security). */
  passkeys: () => dataKey<ResponseOf<'listPasskeys'>>('passkeys'),
  appConfig: () => dataKey<ResponseOf<'appConfig'>>('appConfig'),
  /** The account owner's company settings (settings/company). */
  company: () => dataKey<ResponseOf<'getCompany'>>('company'),
  /** The account owner's single sign-on settings (settings/sso). */
  sso: () => dataKey<ResponseOf<'getSso'>>('sso'),
  /** The account owner's retention rule and hold (settings/retention). */
  retention: () => dataKey<ResponseOf<'getRetention'>>('retention'),
  /** The pictures of a document's signers who have accounts (the editor and the preview). */
  signerAvatars: (documentId: string) => dataKey<ResponseOf<'signersAvatars'>>('signerAvatars', documentId),
  billing: {
    all: () => ['billing'] as const,
    card: () => dataKey<ResponseOf<'getCreditCard'>>('billing', 'card'),
    plans: () => dataKey<ResponseOf<'getPlans'>>('billing', 'plans'),
    subscription: () => dataKey<ResponseOf<'getSubscriptions'>>('billing', 'subscription'),
    invoices: (type: 'plan' | 'api' = 'plan') => dataKey<ResponseOf<'getInvoices'>>('billing', 'invoices', type),
    apiSubscription: () => dataKey<ResponseOf<'getApiSubscriptions'>>('billing', 'apiSubscription'),
  },
  /** The developer API's keys (settings/api) and each key's request history. */
  apiKeys: {
    all: () => ['apiKeys'] as const,
    list: (page: number) => dataKey<ResponseOf<'listApiKeys'>>('apiKeys', 'list', page),
    detail: (id: string) => dataKey<ResponseOf<'getApiKey'>>('apiKeys', id),
    history: (id: string, page: number) => dataKey<ResponseOf<'apiKeyRequestHistory'>>('apiKeys', id, 'history', page),
  },
  documents: {
    all: () => ['documents'] as const,
    list: (query: DocumentListQuery) => dataKey<ResponseOf<'listDocuments'>>('documents', 'list', query),
    detail: (documentId: string) => dataKey<ResponseOf<'getDocument'>>('documents', documentId),
    activities: (documentId: string) =>
      dataKey<ResponseOf<'documentActivities'>>('documents', documentId, 'activities'),
    conversion: (documentId: string) => dataKey<ResponseOf<'conversionData'>>('documents', documentId, 'conversion'),
    attachments: (documentId: string) =>
      dataKey<ResponseOf<'documentAttachments'>>('documents', documentId, 'attachments'),
    /** The sent document watched by the success modal: apart from the editor's copy, which is the draft it opened. */
    sent: (documentId: string) => dataKey<ResponseOf<'getDocument'>>('documents', documentId, 'sent'),
  },
  webhooks: {
    all: () => ['webhooks'] as const,
    list: () => dataKey<ResponseOf<'listWebhooks'>>('webhooks', 'list'),
    deliveries: (webhookId: string, page: number) =>
      dataKey<ResponseOf<'listWebhookDeliveries'>>('webhooks', webhookId, 'deliveries', page),
  },
  integrations: {
    all: () => ['integrations'] as const,
    list: () => dataKey<ResponseOf<'listIntegrations'>>('integrations', 'list'),
    files: (type: string, folderId: string | null, cursor: string | null) =>
      dataKey<ResponseOf<'integrationFiles'>>('integrations', type, 'files', folderId, cursor),
  },
  forms: {
    all: () => ['forms'] as const,
    /** A form as its public page shows it (anyone's, logged in or not). */
    public: (formId: string) => dataKey<ResponseOf<'publicForm'>>('forms', 'public', formId),
    contracts: (formId: string) => dataKey<ResponseOf<'formContracts'>>('forms', formId, 'contracts'),
    registeredUsers: (formId: string) => dataKey<ResponseOf<'formRegisteredUsers'>>('forms', formId, 'users'),
  },
  team: {
    all: () => ['team'] as const,
    members: (query: object) => dataKey<ResponseOf<'teamMembers'>>('team', 'members', query),
    seats: () => dataKey<ResponseOf<'teamSeats'>>('team', 'seats'),
  },
  templates: {
    all: () => ['templates'] as const,
    /** The live templates of the pickers. */
    live: () => dataKey<ResponseOf<'listLiveTemplates'>>('templates', 'live'),
    /** The id of the copy the template editor works on (the template itself, or its replica). */
    working: (templateId: string) => dataKey<string>('templates', 'working', templateId),
  },
  signing: {
    signers: (documentId: string, token: string | null) =>
      dataKey<ResponseOf<'availableSigners'>>('signing', documentId, 'signers', token),
    signerDocument: (documentId: string, signerId: string | null) =>
      dataKey<ResponseOf<'signerDocument'>>('signing', documentId, 'document', signerId),
    /** The identity checks the recipient must pass before the document opens (issue 38). */
    identity: (documentId: string, signerId: string) =>
      dataKey<ResponseOf<'signerIdentity'>>('signing', documentId, 'identity', signerId),
    /** Whether the signer's document is completed and sealed. */
    conversionStatus: (signerId: string) =>
      dataKey<ResponseOf<'signerConversionStatus'>>('signing', 'conversionStatus', signerId),
    /** The sealed PDF's URL, null while it is being made. */
    sealedDownload: (documentId: string, signerId: string) =>
      dataKey<string | null>('signing', documentId, 'download', signerId),
    /** Who sent the document of a link that does not open (null: nothing known of it). */
    linkStatus: (documentId: string, token: string | null) =>
      dataKey<ResponseOf<'signingLinkStatus'>>('signing', documentId, 'linkStatus', token),
    /** A mailed download link's answer. */
    mailedDownload: (documentId: string, signerId: string | undefined, hash: string) =>
      dataKey<ResponseOf<'signedDownloadUrlByHash'>>('signing', documentId, 'mailedDownload', signerId ?? null, hash),
  },
  requisites: {
    all: () => ['requisites'] as const,
    /** `owner`: the logged-in user's, or a signing link's signer's. */
    list: (owner: string, withDeleted: boolean) =>
      dataKey<ResponseOf<'listRequisites'>>('requisites', owner, withDeleted ? 'withDeleted' : 'live'),
    /** A signed URL of a requisite's image. */
    image: (fileKey: string | null) => dataKey<ResponseOf<'getSignedUrl'>>('requisiteImage', fileKey),
  },
  bulkSend: {
    batch: (batchId: string) => dataKey<ResponseOf<'bulkSendStatus'>>('bulkSend', 'batch', batchId),
  },
  /** A signed URL of a stored file (PDFs). */
  signedUrl: (fileKey: string | null) => dataKey<ResponseOf<'getSignedUrl'>>('signedUrl', fileKey),
  devMail: (token: string | null) => dataKey<ResponseOf<'devMail'>>('devMail', token),
  devSms: (token: string | null) => dataKey<ResponseOf<'devSms'>>('devSms', token),
};
