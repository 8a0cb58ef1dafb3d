import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';
import { closeOnSignals } from './platform/shutdown.js';

/**
 * Job workers alone, for deployments that scale them apart from the API (`npm run worker`).
 * The API nodes then run with RUN_WORKERS=false.
 */
const config = loadConfig(process.env, { runWorkers: true });
if (!config.databaseUrl) {
  console.error('npm run worker needs DATABASE_URL: the embedded PGlite database belongs to one process.');
  process.exit(1);
}
const app = await buildApp(config, { runWorkers: true });
await app.ready();
app.log.info('job workers started');
closeOnSignals(app);
