import { oldestPendingDeliverySeconds } from '../data/webhooks.js';
import { secretBox } from '../platform/crypto/secret-box.js';
import type { Platform } from '../platform/http/types.js';
import { LocalStorage } from '../platform/storage/local.js';
import { localFileRoutes } from '../platform/storage/routes.js';
import type { accountModules } from './account-modules.js';
import { apiKeyRoutes } from './api-keys/api-keys.routes.js';
import { apiKeyService } from './api-keys/api-keys.service.js';
import type { AppModule } from './app-module.js';
import { backupInstance } from './backup/index.js';
import type { documentModules } from './document-modules.js';
import { eventDispatcher } from './events/dispatcher.js';
import { pushEvents } from './events/realtime-push.js';
import { operatorRoutes } from './operator/operator.routes.js';
import { PRUNE_CRON, pruningJobs, RETIRED_SCHEDULES } from './pruning/pruning.jobs.js';
import { publicApiRoutes } from './public-api/public-api.routes.js';
import { publicApiService } from './public-api/public-api.service.js';
import { publicWebhooks } from './public-api/public-webhooks.js';
import { requestHistoryWriter } from './public-api/request-history.js';
import { RETENTION_CRON, retentionJobs } from './retention/retention.jobs.js';
import { retentionMailJobs } from './retention/retention.mails.js';
import { retentionRoutes } from './retention/retention.routes.js';
import { retentionService } from './retention/retention.service.js';
import { systemRoutes } from './system/system.routes.js';
import { verifyRoutes } from './verify/verify.routes.js';
import { verifyService } from './verify/verify.service.js';
import { webhookJobs } from './webhooks/webhooks.jobs.js';
import { webhookRoutes } from './webhooks/webhooks.routes.js';
import { webhookService } from './webhooks/webhooks.service.js';

type Accounts = ReturnType<typeof accountModules>;
type Documents = ReturnType<typeof documentModules>;

/**
 * What runs the instance and what other systems meet: health and the operator's routes, the event outbox's
 * dispatcher and webhooks, /verify, API keys and the public API, pruning and retention, local files.
 */
export function operationModules(
  platform: Platform,
  accounts: Pick<Accounts, 'appSumo' | 'apiPlans'>,
  documents: Omit<Documents, 'modules'>,
) {
  const { config, database, jobs, mailer, sms, storage, now } = platform;
  const db = database.db;
  const appUrl = config.appUrl;

  const apiKeys = apiKeyService({ db, now });
  const requestHistory = requestHistoryWriter({ db, log: platform.log });
  const pruning = pruningJobs({ db, now, windows: config.pruning, log: platform.log });
  const retentionMails = retentionMailJobs({ db, mailer, appUrl });
  const retention = retentionService({
    db,
    jobs,
    storage,
    now,
    secret: config.jwtSecret,
    log: platform.log,
    mails: retentionMails,
  });
  const retentionJobDefs = retentionJobs({ retention });
  const publicApi = publicApiService({
    db,
    jobs,
    templates: documents.templates,
    sending: documents.sending,
    documents: documents.documents,
    documentList: documents.documentList,
    apiPlans: accounts.apiPlans,
    now,
  });

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
      name: 'operator',
      routes: async (api) => {
        const { operatorToken } = config;
        if (!operatorToken) return;
        const backup = async (dir: string) => {
          const summary = await backupInstance({
            database,
            storage,
            dataDir: config.dataDir,
            jwtSecret: config.jwtSecret,
            dir,
            log: (line) => platform.log.info(line.trim()),
          });
          return { ...summary, missingFiles: summary.manifest.missingFiles };
        };
        await api.register(operatorRoutes, { db, operatorToken, appSumo: accounts.appSumo, backup });
      },
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
          corrections: documents.corrections,
          lifecycle: documents.lifecycle,
          retention,
          attachments: documents.attachments,
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
    // Retention rules, legal holds and erasure on request (issue 39): a daily run removes due documents to stubs.
    {
      name: 'retention',
      jobs: [retentionJobDefs.retentionSweep, retentionMails.summaryMail],
      schedules: [{ job: retentionJobDefs.retentionSweep, cron: RETENTION_CRON, payload: {} }],
      routes: (api) => api.register(retentionRoutes, { retention, operatorToken: config.operatorToken }),
    },
  ];
  if (storage instanceof LocalStorage) {
    modules.push({ name: 'local-files', routes: (api) => api.register(localFileRoutes, { storage }) });
  }
  return { modules, webhooks };
}
