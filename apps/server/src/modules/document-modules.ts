import { secretBox } from '../platform/crypto/secret-box.js';
import type { Platform } from '../platform/http/types.js';
import { OFFICE_CONVERSION_TIMEOUT_MS, OfficeConverter } from '../platform/office/office-converter.js';
import type { AppModule, ModuleOptions } from './app-module.js';
import type { AuthService } from './auth/auth.service.js';
import { bulkSendJobs } from './bulk-send/bulk-send.jobs.js';
import { bulkSendRoutes } from './bulk-send/bulk-send.routes.js';
import { bulkSendService } from './bulk-send/bulk-send.service.js';
import { activityRoutes } from './document-management/activity.routes.js';
import { attachmentRoutes } from './document-management/attachment.routes.js';
import { attachmentService } from './document-management/attachments.service.js';
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
import { fileRoutes } from './files/files.routes.js';
import { fileService } from './files/files.service.js';
import { formRoutes } from './forms/forms.routes.js';
import { formService } from './forms/forms.service.js';
import { integrationRoutes } from './integrations/integrations.routes.js';
import { integrationService } from './integrations/integrations.service.js';
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
import { identityCheckService } from './signing/identity-check.js';
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
import { templateRoutes } from './templates/templates.routes.js';
import { templateService } from './templates/templates.service.js';

/**
 * The documents and everything that happens to them: upload and conversion, templates and forms, the lists,
 * sending and bulk send, signing and what recipients may change, the life of a sent document, the seal, downloads,
 * and the cloud drives files come from. `auth` answers who owns a saved signature and who downloads.
 */
export function documentModules(platform: Platform, options: ModuleOptions, { auth }: { auth: AuthService }) {
  const { config, database, jobs, mailer, sms, storage, now } = platform;
  const db = database.db;
  const appUrl = config.appUrl;

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
  const attachments = attachmentService({ db, storage });
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
  // Issue 38: the recipient's identity check by a mailed or texted code.
  const identity = identityCheckService({
    db,
    mailer,
    sms,
    serverSecret: config.jwtSecret,
    authenticate: signing.authenticate,
    now,
    log: platform.log,
  });
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

  const modules: AppModule[] = [
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
        await api.register(signerRoutes, { signing, identity });
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
    // Issue 37: the files signers attached, for the document's sender.
    { name: 'attachments', routes: (api) => api.register(attachmentRoutes, { attachments }) },
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
  ];
  return { modules, documents, templates, sending, documentList, corrections, lifecycle, attachments };
}
