import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';
import { closeOnSignals } from './platform/shutdown.js';

const config = loadConfig();
const app = await buildApp(config);
closeOnSignals(app);

await app.listen({ port: config.port, host: config.host });
app.log.info(`eSign is ready at ${config.appUrl} (database: ${app.platform.database.kind})`);
if (app.platform.mailer.transport === 'outbox') {
  // The outbox holds sign-in and signing links: it opens only with its key, printed here (whatever the log level)
  // for the operator.
  console.log(`Mail is not sent (no SMTP_URL): read it at ${config.appUrl}/dev/mail?token=${config.devMailToken}`);
}
