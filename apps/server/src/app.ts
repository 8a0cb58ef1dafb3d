import { randomUUID } from 'node:crypto';
import { API_PREFIX } from '@esign/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { activityRoutes } from './modules/activity/routes.js';
import { authMailJobs } from './modules/auth/mails.js';
import { authRoutes, requireUser } from './modules/auth/routes.js';
import { authService } from './modules/auth/service.js';
import { accessTokens } from './modules/auth/tokens.js';
import { documentListMailJobs } from './modules/document-list/mails.js';
import { documentListRoutes } from './modules/document-list/routes.js';
import { documentListService } from './modules/document-list/service.js';
import { shareLinks } from './modules/document-list/share-links.js';
import { conversionJobs } from './modules/documents/conversion.js';
import { documentRoutes } from './modules/documents/routes.js';
import { documentService } from './modules/documents/service.js';
import { fileRoutes } from './modules/files/routes.js';
import { fileService } from './modules/files/service.js';
import { requireRequisiteOwner } from './modules/requisites/owner.js';
import { requisiteRoutes } from './modules/requisites/routes.js';
import { requisiteService } from './modules/requisites/service.js';
import { SEAL_SWEEP_CRON, sealingJobs } from './modules/sealing/jobs.js';
import { completedMailJobs } from './modules/signing/completed-mails.js';
import { downloadRoutes } from './modules/signing/download-routes.js';
import { downloadService } from './modules/signing/downloads.js';
import { openedMailJobs } from './modules/signing/opened-mail.js';
import { sendingService } from './modules/signing/sending.js';
import { sendingRoutes } from './modules/signing/sending-routes.js';
import { signerMailJobs } from './modules/signing/signer-mails.js';
import { signerRoutes } from './modules/signing/signer-routes.js';
import { signerService } from './modules/signing/signer-service.js';
import { systemRoutes } from './modules/system/routes.js';
import { userRoutes } from './modules/users/routes.js';
import type { Config } from './platform/config.js';
import { openDatabase } from './platform/db/client.js';
import { fastifyTrustProxy } from './platform/http/client-address.js';
import { registerErrorHandler } from './platform/http/error-handler.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { registerSecurityHeaders } from './platform/http/security.js';
import type { Platform } from './platform/http/types.js';
import { registerWebApp } from './platform/http/web.js';
import { JobQueue } from './platform/jobs.js';
import { createMailer } from './platform/mail/mailer.js';
import { OfficeConverter } from './platform/office/office-converter.js';
import { createStorage } from './platform/storage/create.js';
import { LocalStorage } from './platform/storage/local.js';
import { localFileRoutes } from './platform/storage/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

/** JSON bodies may be this large; a bigger request is refused before it is parsed. */
const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface BuildOptions {
  /** Start the job workers in this process (the embedded default). */
  runWorkers?: boolean;
  logger?: boolean;
  now?: () => Date;
  /** Start LibreOffice at once so the first office file converts fast (default: when workers run). */
  warmUpOffice?: boolean;
}

/** Builds the whole application without listening: `main.ts` listens, tests call `app.inject()`. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const now = options.now ?? (() => new Date());
  const jobs = new JobQueue(database, app.log);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const storage = await createStorage(config, now);
  const platform: Platform = { config, database, jobs, mailer, storage, now };
  app.decorate('platform', platform);

  const mails = authMailJobs({ db: database.db, mailer, appUrl: config.appUrl, now });
  jobs.register(mails.confirmationMail, mails.passwordResetMail, mails.alreadyRegisteredMail);
  const auth = authService({ db: database.db, jobs, mails, accessTokens: accessTokens(config.jwtSecret), now });
  const office = new OfficeConverter(config.dataDir, app.log);
  const conversion = conversionJobs({ db: database.db, storage, office, jobs });
  jobs.register(conversion.convertPart, conversion.combineDocument);
  const documents = documentService({ db: database.db, storage, jobs, conversion });
  const completedMails = completedMailJobs({ db: database.db, mailer, appUrl: config.appUrl });
  jobs.register(completedMails.completedMails);
  const sealing = sealingJobs({
    // Once the result is stored, the owner and every signer get their download links.
    onSealed: (queue, documentId) => queue(completedMails.completedMails, { documentId }),
    db: database.db,
    storage,
    now,
    jobs,
    signingIdentity: {
      p12Path: config.signingCertP12,
      password: config.signingCertPassword,
      dataDir: config.dataDir,
    },
  });
  jobs.register(sealing.sealDocument, sealing.sweepUnsealed);
  const signerMails = signerMailJobs({ db: database.db, mailer, appUrl: config.appUrl });
  jobs.register(signerMails.signerInvitationMail);
  const sending = sendingService({ db: database.db, jobs, signerMails, sealing, now });
  const openedMails = openedMailJobs({ db: database.db, mailer, appUrl: config.appUrl });
  jobs.register(openedMails.openedMail);
  const signing = signerService({
    db: database.db,
    storage,
    jobs,
    sealing,
    openedMails,
    signerMails,
    now,
  });
  const links = shareLinks(config.jwtSecret, config.appUrl);
  const listMails = documentListMailJobs({ db: database.db, mailer, appUrl: config.appUrl, shareLink: links.link });
  jobs.register(listMails.shareMail);
  const documentList = documentListService({
    db: database.db,
    storage,
    jobs,
    mails: listMails,
    signerMails,
    links,
    appUrl: config.appUrl,
    now,
    listCacheChars: config.listCacheMb * 1024 * 1024,
  });

  await registerSecurityHeaders(app);
  await registerOpenApi(app);
  app.decorate('requireUser', requireUser(auth));
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { database, mailer, devMailToken: config.devMailToken });
      await api.register(authRoutes, { auth });
      await api.register(userRoutes);
      await api.register(documentRoutes, { documents });
      await api.register(sendingRoutes, { sending });
      await api.register(documentListRoutes, { service: documentList, storage });
      await api.register(fileRoutes, { files: fileService({ db: database.db, storage }) });
      await api.register(requisiteRoutes, {
        requisites: requisiteService({ db: database.db, storage, now }),
        requireOwner: requireRequisiteOwner({ db: database.db, auth }),
      });
      await api.register(signerRoutes, { signing });
      await api.register(downloadRoutes, {
        downloads: downloadService({ db: database.db, storage, signing }),
        auth,
      });
      await api.register(activityRoutes, { db: database.db });
      if (storage instanceof LocalStorage) await api.register(localFileRoutes, { storage });
    },
    { prefix: API_PREFIX },
  );
  await registerWebApp(app, config.webDistDir);

  await jobs.start();
  await jobs.schedule(sealing.sweepUnsealed, SEAL_SWEEP_CRON, {});
  if (options.runWorkers ?? config.runWorkers) {
    await jobs.startWorkers();
    await sealing.prepareSigner();
    if (options.warmUpOffice ?? true) office.warmUp();
  }
  app.addHook('onClose', async () => {
    await jobs.stop();
    await office.stop();
    await database.close();
  });
  return app;
}
