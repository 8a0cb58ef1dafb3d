import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';

const config = loadConfig();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`eSign is ready at ${config.appUrl} (database: ${app.platform.database.kind})`);
if (app.platform.mailer.transport === 'outbox') {
  // The outbox holds sign-in and signing links: it opens only with its key, printed here (whatever the log level)
  // for the operator.
  console.log(`Mail is not sent (no SMTP_URL): read it at ${config.appUrl}/dev/mail?token=${config.devMailToken}`);
}
