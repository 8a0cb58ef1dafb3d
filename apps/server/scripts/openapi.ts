// Writes the OpenAPI documents generated from the routes' shared zod schemas to openapi.json (the web app's API)
// and openapi-public.json (the public API of API keys).
// CI regenerates it and fails when the committed file differs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { serverRoot } from '../src/platform/paths.js';

const dataDir = mkdtempSync(join(tmpdir(), 'esign-openapi-'));
const config = loadConfig({}, { dataDir, databaseUrl: 'memory://', jwtSecret: 'unused', logLevel: 'silent' });
const app = await buildApp(config, { logger: false, runWorkers: false });
await app.ready();
writeFileSync(join(serverRoot, 'openapi.json'), `${JSON.stringify(app.swagger(), null, 2)}\n`);
writeFileSync(join(serverRoot, 'openapi-public.json'), `${JSON.stringify(app.publicSwagger(), null, 2)}\n`);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
