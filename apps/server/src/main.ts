import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';
import { closeOnSignals } from './platform/shutdown.js';

const config = loadConfig();
const app = await buildApp(config);
closeOnSignals(app);

await app.listen({ port: config.port, host: config.host });
app.log.info(`eSign is ready at ${config.appUrl} (database: ${app.platform.database.kind})`);
