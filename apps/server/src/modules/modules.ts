import type { FastifyInstance } from 'fastify';
import { oldestPendingDeliverySeconds } from '../data/webhooks.js';
import { secretBox } from '../platform/crypto/secret-box.js';
import type { Platform } from '../platform/http/types.js';
import type { JobDefinition } from '../platform/jobs.js';
import type { GaugeSource } from '../platform/metrics.js';
import { OFFICE_CONVERSION_TIMEOUT_MS, OfficeConverter } from '../platform/office/office-converter.js';
import { createPaymentGateway } from '../platform/payments/create.js';
import { LocalStorage } from '../platform/storage/local.js';
import { localFileRoutes } from '../platform/storage/routes.js';
import { apiKeyRoutes } from './api-keys/api-keys.routes.js';
import { apiKeyService } from './api-keys/api-keys.service.js';
import { authMailJobs } from './auth/auth.mails.js';
import { authRoutes } from './auth/auth.routes.js';
import { type AuthService, authService } from './auth/auth.service.js';
import { directPurchase } from './auth/direct-purchase.js';
import { googleIdTokens } from './auth/google.js';
import { accessTokens, refreshTokenSuccessor } from './auth/tokens.js';
import { apiPlanService } from './billing/api-plans.service.js';
import { appSumoService } from './billing/appsumo.service.js';
import { billingJobs, RENEWAL_CRON } from './billing/billing.jobs.js';
import { billingRoutes } from './billing/billing.routes.js';
import { billingService } from './billing/billing.service.js';
import { bulkSendJobs } from './bulk-send/bulk-send.jobs.js';
import { bulkSendRoutes } from './bulk-send/bulk-send.routes.js';
import { bulkSendService } from './bulk-send/bulk-send.service.js';
import { companyRoutes } from './company/company.routes.js';
import { companyService } from './company/company.service.js';
import { activityRoutes } from './document-management/activity.routes.js';
import { documentManagementMailJobs } from './document-management/document-management.mails.js';
import { documentManagementRoutes } from './document-management/document-management.routes.js';
import { documentManagementService } from './document-management/document-management.service.js';
import { EXPIRY_SWEEP_CRON, expiryJobs } from './document-management/expiry.jobs.js';
import { expiryOperatorRoutes } from './document-management/expiry-operator.routes.js';
import { lifecycleRoutes } from './document-management/lifecycle.routes.js';
import { lifecycleService } from './document-management/lifecycle.service.js';
import { shareLinks } from './document-management/share-links.js';
import { CONVERSION_SWEEP_CRON, conversionJobs } from './documents/conversion.jobs.js';
import { documentRoutes } from './documents/documents.routes.js';
import { documentService } from './documents/documents.service.js';
import { completedMailJobs } from './downloads/completed.mails.js';
import { downloadRoutes } from './downloads/downloads.routes.js';
import { downloadService } from './downloads/downloads.service.js';
import { eventDispatcher } from './events/dispatcher.js';
import { pushEvents } from './events/realtime-push.js';
import { fileRoutes } from './files/files.routes.js';
import { fileService } from './files/files.service.js';
import { formRoutes } from './forms/forms.routes.js';
import { formService } from './forms/forms.service.js';
import { integrationRoutes } from './integrations/integrations.routes.js';
import { integrationService } from './integrations/integrations.service.js';
import { operatorRoutes } from './operator/operator.routes.js';
import { PRUNE_CRON, pruningJobs, RETIRED_SCHEDULES } from './pruning/pruning.jobs.js';
import { publicApiRoutes } from './public-api/public-api.routes.js';
import { publicApiService } from './public-api/public-api.service.js';
import { publicWebhooks } from './public-api/public-webhooks.js';
import { requestHistoryWriter } from './public-api/request-history.js';
import { requireRequisiteOwner } from './requisites/owner.js';
import { requisiteRoutes } from './requisites/requisites.routes.js';
import { requisiteService } from './requisites/requisites.service.js';
import { ARCHIVE_SWEEP_CRON, SEAL_SWEEP_CRON, sealingJobs } from './sealing/sealing.jobs.js';
import { correctionRoutes } from './sending/corrections.routes.js';
import { correctionService } from './sending/corrections.service.js';
import { signerMailJobs } from './sending/invitation.mails.js';
import { lifecycleMailJobs } from './sending/lifecycle.mails.js';
import { sendingRoutes } from './sending/sending.routes.js';
import { sendingService } from './sending/sending.service.js';
import { declineService } from './signing/decline.js';
import { declineRoutes } from './signing/decline.routes.js';
import { inPersonService } from './signing/in-person.service.js';
import { openedMailJobs } from './signing/opened.mails.js';
import { reassignService } from './signing/reassign.service.js';
import { reassignedMailJobs } from './signing/reassigned.mails.js';
import { recipientRoutes } from './signing/recipient.routes.js';
import { recipientActionRoutes } from './signing/recipient-actions.routes.js';
import { recipientActionService } from './signing/recipient-actions.service.js';
import { signedMailJobs } from './signing/signed.mails.js';
import { signerRoutes } from './signing/signing.routes.js';
import { signerService } from './signing/signing.service.js';
import { systemRoutes } from './system/system.routes.js';
import { teamSeats } from './teams/seats.js';
import { teamMailJobs } from './teams/teams.mails.js';
import { teamRoutes } from './teams/teams.routes.js';
import { teamService } from './teams/teams.service.js';
import { templateRoutes } from './templates/templates.routes.js';
import { templateService } from './templates/templates.service.js';
import { twoFactorSecrets } from './two-factor/secrets.js';
import { twoFactorRoutes } from './two-factor/two-factor.routes.js';
import { twoFactorService } from './two-factor/two-factor.service.js';
import { DAILY_REPORT_CRON, userMailJobs } from './users/users.mails.js';
import { userRoutes } from './users/users.routes.js';
import { userService } from './users/users.service.js';
import { verifyRoutes } from './verify/verify.routes.js';
import { verifyService } from './verify/verify.service.js';
import { webhookJobs } from './webhooks/webhooks.jobs.js';
import { webhookRoutes } from './webhooks/webhooks.routes.js';
import { type WebhookService, webhookService } from './webhooks/webhooks.service.js';

/** What a module gives the application. Every part is optional. */
export interface AppModule {
  name: string;
  /** Registered with the one job queue; run by this process's workers (RUN_WORKERS) or by `npm run worker`. */
  jobs?: JobDefinition[];
  /** Recurring runs of its jobs, kept in the database (one run per slot across processes). */
  schedules?: { job: JobDefinition; cron: string; payload: object }[];
  /** Its routes, registered under /api/v1 (each module in its own Fastify scope). */
  routes?: (api: FastifyInstance) => PromiseLike<unknown>;
  /** Its routes of the public API, registered under /api/public/v1 (an API key's bearer: `auth: 'apiKey'`). */
  publicRoutes?: (api: FastifyInstance) => PromiseLike<unknown>;
  /** Gauges read when /metrics is scraped (with METRICS_TOKEN). */
  gauges?: GaugeSource[];
  /** Schedules of earlier versions' jobs, removed at start. */
  retiredSchedules?: string[];
  /** Runs once this process's workers have started. */
  startWorkers?: () => Promise<void> | void;
  /** Runs when the application closes, after the job queue has stopped. */
  stop?: () => Promise<void>;
}

export interface ModuleOptions {
  /** Start LibreOffice with the workers, so the first office file converts fast. */
  warmUpOffice: boolean;
  /** The office converter, when not LibreOffice with the configured bounds (tests). */
  office?: OfficeConverter;
}

/**
 * Every module of the application and how they depend on each other, in one place: a new module is one more
 * entry here (its jobs, its routes), and `buildApp` registers them all. The auth service is answered too, for the
 * one `requireUser` pre-handler every `auth: 'user'` route runs.
 */
export function appModules(
  platform: Platform,
  options: ModuleOptions,
): { modules: AppModule[]; auth: AuthService; webhooks: WebhookService } {
  const { config, database, jobs, mailer, sms, storage, now } = platform;
  const db = database.db;
  const appUrl = config.appUrl;

  const authMails = authMailJobs({ db, mailer, appUrl, now });
  const twoFactor = twoFactorService({ db, sms, secrets: twoFactorSecrets(config.jwtSecret), now, log: platform.log });
  const auth = authService({
    db,
    jobs,
    mails: authMails,
    accessTokens: accessTokens(config.jwtSecret),
    successorOf: refreshTokenSuccessor(config.jwtSecret),
    twoFactor,
    google: config.google ? googleIdTokens(config.google) : undefined,
    now,
    sockets: platform.realtime,
  });

  const purchase = directPurchase({ db, jobs, mailer, authMails, auth, now });

  const userMails = userMailJobs({ db, mailer, jobs, appUrl, now });
  const users = userService({ db, storage, jobs, mails: userMails, now, sockets: platform.realtime });

  const office =
    options.office ??
    new OfficeConverter(config.dataDir, platform.log, OFFICE_CONVERSION_TIMEOUT_MS, 'soffice', config.officeRecycling);
  const conversion = conversionJobs({ db, storage, office, jobs, now });
  const documents = documentService({ db, storage, jobs, conversion });

  const completedMails = completedMailJobs({ db, mailer, appUrl });
  const sealing = sealingJobs({
    // Once the result is stored, the owner and every signer get their download links.
    onSealed: (queue, documentId) => queue(completedMails.completedMails, { documentId }),
    db,
    storage,
    now,
    jobs,
    signingIdentity: { p12Path: config.signingCertP12, password: config.signingCertPassword, dataDir: config.dataDir },
    verifyUrl: `${appUrl}/verify`,
    trust: { tsaUrls: config.tsaUrls, timeoutMs: config.tsaTimeoutMs },
    log: platform.log,
  });

  const signerMails = signerMailJobs({ db, mailer, appUrl });
  const sending = sendingService({ db, jobs, signerMails, sealing, now });
  const templates = templateService({ db });
  const bulkSend = bulkSendJobs({ db, jobs, templates, sending });
  const forms = formService({ db, jobs, templates, sending, storage, limits: config.formLimits, now });
  const openedMails = openedMailJobs({ db, mailer, appUrl });
  const signedMails = signedMailJobs({ db, mailer, appUrl });
  const signing = signerService({ db, storage, jobs, sealing, openedMails, signedMails, signerMails, now });
  // After sending (issue 36): corrections, reassignments, in-person signings.
  const corrections = correctionService({ db, jobs, signerMails, now });
  const reassignedMails = reassignedMailJobs({ db, mailer, appUrl });
  const reassign = reassignService({ db, jobs, signing, signerMails, reassignedMails, now });
  const inPerson = inPersonService({ db, now });
  // The life of a sent document (issue 36): decline, void, expiry.
  const lifecycleMails = lifecycleMailJobs({ db, mailer, appUrl });
  const recipientActions = recipientActionService({ db, jobs, sealing, signerMails, lifecycleMails, signing, now });
  const decline = declineService({ db, jobs, authenticate: signing.authenticate, mails: lifecycleMails, now });
  const lifecycle = lifecycleService({ db, jobs, mails: lifecycleMails, now });
  const expiryAt = (clock: () => Date) => expiryJobs({ db, jobs, mails: lifecycleMails, signerMails, now: clock });
  const expiry = expiryAt(now);

  const links = shareLinks(config.jwtSecret, appUrl);
  const listMails = documentManagementMailJobs({ db, mailer, appUrl, shareLink: links.link });
  const documentList = documentManagementService({
    db,
    storage,
    jobs,
    mails: listMails,
    signerMails,
    links,
    appUrl,
    now,
    listCacheChars: config.listCacheMb * 1024 * 1024,
    skipAccessChecks: config.benchSkipAccessChecks,
  });

  const gateway = createPaymentGateway(config, db);
  const billingJobDefs = billingJobs({
    db,
    jobs,
    gateway,
    storage,
    mailer,
    appUrl,
    seller: config.invoiceSeller,
    now,
  });
  const billing = billingService({ db, jobs, gateway, billingJobs: billingJobDefs, now });
  const appSumo = appSumoService({ db, jobs, authMails });
  const teamMails = teamMailJobs({ db, mailer, appUrl, now });
  const teams = teamService({
    db,
    jobs,
    mails: teamMails,
    now,
    seats: teamSeats(billing),
    sockets: platform.realtime,
    startSession: auth.startSession,
  });
  const apiKeys = apiKeyService({ db, now });
  const requestHistory = requestHistoryWriter({ db, log: platform.log });
  const pruning = pruningJobs({ db, now, windows: config.pruning, log: platform.log });
  const apiPlans = apiPlanService({ db, jobs, gateway, billingJobs: billingJobDefs, now });
  const publicApi = publicApiService({ db, jobs, templates, sending, documents, documentList, apiPlans, now });

  const webhookBox = secretBox(config.jwtSecret, 'webhooks:secret:v1');
  const webhookJobDefs = webhookJobs({
    db,
    jobs,
    mailer,
    box: webhookBox,
    appUrl,
    now,
    allowPrivate: config.webhooks.allowPrivateAddresses,
    retryDelaySeconds: config.webhooks.retryDelaySeconds,
  });
  const webhooks = webhookService({
    db,
    jobs,
    webhookJobs: webhookJobDefs,
    box: webhookBox,
    allowPrivate: config.webhooks.allowPrivateAddresses,
    now,
  });
  const dispatcher = eventDispatcher({
    db,
    jobs,
    log: platform.log,
    deliver: webhooks.deliverEvents,
    publish: (claimed) => pushEvents(platform.realtime, claimed),
    pollMs: config.eventPollMs,
  });

  const modules: AppModule[] = [
    {
      name: 'system',
      routes: (api) =>
        api.register(systemRoutes, { database, mailer, sms, config, storage, jobs, lifecycle: platform.lifecycle }),
    },
    {
      name: 'auth',
      jobs: [
        authMails.confirmationMail,
        authMails.passwordResetMail,
        authMails.alreadyRegisteredMail,
        purchase.signUpCodeMail,
      ],
      routes: (api) => api.register(authRoutes, { auth, purchase }),
    },
    {
      name: 'users',
      jobs: [
        userMails.emailChangeMail,
        userMails.emailChangedMail,
        userMails.documentVoidedMail,
        userMails.dailyReportMail,
        userMails.dailyReport,
      ],
      schedules: [{ job: userMails.dailyReport, cron: DAILY_REPORT_CRON, payload: {} }],
      routes: (api) => api.register(userRoutes, { users }),
    },
    {
      name: 'teams',
      jobs: [teamMails.invitationMail],
      routes: (api) => api.register(teamRoutes, { teams }),
    },
    // Company branding: the owner's settings and logo; its effects are read through companyOfDocumentOwner.
    { name: 'company', routes: (api) => api.register(companyRoutes, { company: companyService({ db, storage }) }) },
    // The second step of a sign-in is the auth module's (it asks this module's service); these are the user's own.
    { name: 'two-factor', routes: (api) => api.register(twoFactorRoutes, { twoFactor }) },
    {
      name: 'operator',
      routes: async (api) => {
        const { operatorToken } = config;
        if (operatorToken) await api.register(operatorRoutes, { db, operatorToken, appSumo });
      },
    },
    {
      name: 'documents',
      jobs: [
        conversion.convertPart,
        conversion.convertOfficePart,
        conversion.combineDocument,
        conversion.sweepUnconverted,
      ],
      schedules: [{ job: conversion.sweepUnconverted, cron: CONVERSION_SWEEP_CRON, payload: {} }],
      gauges: [
        {
          name: 'esign_office_restarts',
          help: 'Times this node replaced its warm LibreOffice (recycled after conversions or memory)',
          read: () => [{ value: office.stats.recycled }],
        },
        {
          name: 'esign_office_memory_bytes',
          help: "Resident memory of this node's running LibreOffice (its process group)",
          read: async () => [{ value: (await office.residentMb()) * 1024 * 1024 }],
        },
      ],
      routes: (api) => api.register(documentRoutes, { documents }),
      startWorkers: () => {
        if (options.warmUpOffice) office.warmUp();
      },
      stop: () => office.stop(),
    },
    // Templates reuse the documents' repositories and rules (fields, files, sending checks); files are uploaded to a
    // draft template through the documents' routes.
    { name: 'templates', routes: (api) => api.register(templateRoutes, { templates }) },
    // A form is a template of type form_request: made and sent through the templates' and the sending services.
    { name: 'forms', routes: (api) => api.register(formRoutes, { forms }) },
    {
      name: 'document-management',
      jobs: [listMails.shareMail],
      routes: (api) => api.register(documentManagementRoutes, { service: documentList, storage }),
    },
    // Decline, void, expiry and their mails (issue 36); the decline is a signer's call.
    {
      name: 'lifecycle',
      jobs: [lifecycleMails.declinedMail, lifecycleMails.voidedMails, lifecycleMails.expiredMails, expiry.expirySweep],
      schedules: [{ job: expiry.expirySweep, cron: EXPIRY_SWEEP_CRON, payload: {} }],
      routes: async (api) => {
        await api.register(lifecycleRoutes, { lifecycle });
        await api.register(declineRoutes, { decline });
        const { operatorToken } = config;
        if (operatorToken) {
          await api.register(expiryOperatorRoutes, { operatorToken, sweepAt: (asOf) => expiryAt(() => asOf) });
        }
      },
    },
    { name: 'files', routes: (api) => api.register(fileRoutes, { files: fileService({ db, storage }) }) },
    {
      name: 'requisites',
      routes: (api) =>
        api.register(requisiteRoutes, {
          requisites: requisiteService({ db, storage, now }),
          requireOwner: requireRequisiteOwner({ db, auth }),
        }),
    },
    {
      name: 'sending',
      jobs: [signerMails.signerInvitationMail],
      routes: (api) => api.register(sendingRoutes, { sending }),
    },
    // Bulk send makes each row's document through the templates' service and sends it through the sending one.
    {
      name: 'bulk-send',
      jobs: [bulkSend.sendBatch],
      routes: (api) =>
        api.register(bulkSendRoutes, { bulkSend: bulkSendService({ db, jobs, bulkSendJobs: bulkSend }) }),
    },
    {
      name: 'signing',
      jobs: [openedMails.openedMail, signedMails.signerSignedMail],
      routes: async (api) => {
        await api.register(signerRoutes, { signing });
        await api.register(recipientActionRoutes, { recipientActions });
      },
    },
    {
      name: 'recipient-changes',
      jobs: [reassignedMails.reassignedMail],
      routes: async (api) => {
        await api.register(correctionRoutes, { corrections });
        await api.register(recipientRoutes, { reassign, inPerson });
      },
    },
    {
      name: 'downloads',
      jobs: [completedMails.completedMails],
      routes: (api) => api.register(downloadRoutes, { downloads: downloadService({ db, storage, signing }), auth }),
    },
    {
      name: 'sealing',
      jobs: [sealing.sealDocument, sealing.sweepUnsealed, sealing.archiveTimestamp, sealing.sweepArchiveTimestamps],
      schedules: [
        { job: sealing.sweepUnsealed, cron: SEAL_SWEEP_CRON, payload: {} },
        { job: sealing.sweepArchiveTimestamps, cron: ARCHIVE_SWEEP_CRON, payload: {} },
      ],
      startWorkers: () => sealing.prepareSigner(),
    },
    { name: 'activity', routes: (api) => api.register(activityRoutes, { db }) },
    // Cloud storage: a file of a connected service goes into a draft through the documents' upload.
    {
      name: 'integrations',
      routes: (api) =>
        api.register(integrationRoutes, {
          integrations: integrationService({
            db,
            documents,
            providers: config.integrations,
            box: secretBox(config.integrationsKey, 'integrations:tokens:v1'),
            appUrl,
            timeoutMs: config.integrationsTimeoutMs,
            now,
          }),
        }),
    },
    {
      name: 'billing',
      jobs: [billingJobDefs.invoicePdfs, billingJobDefs.downgradedMail, billingJobDefs.renewDue],
      schedules: [{ job: billingJobDefs.renewDue, cron: RENEWAL_CRON, payload: {} }],
      routes: (api) => api.register(billingRoutes, { billing, appSumo, apiPlans }),
    },
    // The outbox's dispatcher: each committed event to its webhooks' deliveries and to the owner's open tabs.
    { name: 'events', startWorkers: () => dispatcher.start(), stop: () => dispatcher.stop() },
    {
      name: 'webhooks',
      jobs: [webhookJobDefs.deliver, webhookJobDefs.deliverBatch, webhookJobDefs.disabledMail],
      gauges: [
        {
          name: 'esign_webhook_delivery_lag_seconds',
          help: 'How long the oldest pending webhook delivery has waited (0 when none waits)',
          read: async () => [{ value: await oldestPendingDeliverySeconds(db) }],
        },
      ],
      routes: (api) => api.register(webhookRoutes, { webhooks }),
    },
    { name: 'verify', routes: (api) => api.register(verifyRoutes, { verify: verifyService({ db }) }) },
    { name: 'api-keys', routes: (api) => api.register(apiKeyRoutes, { apiKeys }) },
    // The public API: an API key acts as its owner through the same services (and so the same access policy).
    {
      name: 'public-api',
      publicRoutes: (api) =>
        api.register(publicApiRoutes, {
          service: publicApi,
          webhooks: publicWebhooks({ db, webhooks, now }),
          history: requestHistory,
          corrections,
          lifecycle,
        }),
      stop: () => requestHistory.flush(),
    },
    // Operational rows past their window (events, deliveries, API requests, outboxes, sessions, tokens, keys).
    {
      name: 'pruning',
      jobs: [pruning.pruneOperationalRows],
      schedules: [{ job: pruning.pruneOperationalRows, cron: PRUNE_CRON, payload: {} }],
      retiredSchedules: RETIRED_SCHEDULES,
    },
  ];
  if (storage instanceof LocalStorage) {
    modules.push({ name: 'local-files', routes: (api) => api.register(localFileRoutes, { storage }) });
  }
  return { modules, auth, webhooks };
}
