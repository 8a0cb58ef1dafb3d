import { defineConfig, devices } from '@playwright/test';
import { serverEnv } from './support/accounts.js';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
/** A fresh embedded database per run; one folder per port, so runs on other ports do not collide. */
const dataDir = `.data-${port}`;

/**
 * End-to-end tests against the real built app (`npm run build`) on a real server with a fresh embedded
 * database, in Debian's Chromium. No browser is ever downloaded.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${dataDir} && node --enable-source-maps ../apps/server/dist/main.js`,
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    // Stop the server as an operator would, so it ends its LibreOffice too.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    timeout: 60_000,
    env: serverEnv(port, dataDir),
  },
});
