import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  FORM_SUBMISSION_LIMITS,
  IDLE_LOGOUT_MINUTES_DEFAULT,
  type IntegrationType,
  WEBHOOK_LIMITS,
} from '@esign/shared';
import { parseTrustProxy, type TrustProxy } from './http/client-address.js';
import { type IntegrationProviderConfig, integrationConfigs } from './integration-config.js';
import type { LogFormat } from './logging.js';
import { OFFICE_RECYCLING_DEFAULTS, type OfficeRecycling } from './office/office-converter.js';
import { defaultWebDistDir } from './paths.js';
import { TIMESTAMP_TIMEOUT_MS } from './pdf/seal/trusted-time.js';
import type { S3Options } from './storage/s3.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: PGlite in `dataDir`. `memory://` keeps PGlite in memory (tests). */
  databaseUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string;
  /** Run the job workers inside this process (the embedded default); `npm run worker` runs them alone. */
  runWorkers: boolean;
  logLevel: string;
  webDistDir: string;
  /** S3-compatible storage when S3_BUCKET is set; local disk under DATA_DIR/files otherwise. */
  s3: S3Options | undefined;
  /** The PKCS#12 that seals completed documents; without it a self-signed one is generated into DATA_DIR. */
  signingCertP12: string | undefined;
  signingCertPassword: string | undefined;
  /**
   * TSA_URLS: RFC 3161 time-stamping authorities (comma-separated), asked in order, each for TSA_TIMEOUT_MS at most:
   * with at least one, seals are PAdES B-LTA (`modules/sealing/README.md`); without, B-B.
   */
  tsaUrls: string[];
  tsaTimeoutMs: number;
  /** LIST_CACHE_MB: memory for each API node's cache of list answers (modules/document-management); 0 turns it off. */
  listCacheMb: number;
  /**
   * Benchmarks only (NODE_ENV=benchmark with BENCH_SKIP_ACCESS_CHECKS=1): the team list's role check is skipped, to
   * measure what the access policy costs a list request. Ignored in any other environment.
   */
  benchSkipAccessChecks: boolean;
  /** OFFICE_RECYCLE_AFTER (conversions) and OFFICE_MAX_MEMORY_MB: LibreOffice's memory bound, and when it is replaced. */
  officeRecycling: OfficeRecycling;
  /** The key of the development mail outbox (DEV_MAIL_TOKEN, else generated into DATA_DIR): without it, 404. */
  devMailToken: string;
  /** OPERATOR_TOKEN: enables the operator's calls (/api/v1/operator/*) for whoever presents it; unset, none exist. */
  operatorToken: string | undefined;
  /** TRUST_PROXY: which proxies' `X-Forwarded-For` entries are believed (see trustProxy in http/client-address). */
  trustProxy: TrustProxy;
  /** IDLE_LOGOUT_MINUTES: minutes without activity before the web app logs out (read by the app at start). */
  idleLogoutMinutes: number;
  /**
   * The public forms' submission limits: FORM_LIMIT_PER_IP a minute from one address (10), FORM_LIMIT_PER_FORM an
   * hour to one form (500); over either, 429 with Retry-After.
   */
  formLimits: FormLimits;
  /** API_RATE_LIMIT_PER_SECOND: calls a second one API key may make (10); over it, 429 with Retry-After. */
  apiRateLimitPerSecond: number;
  /** MAINTENANCE_MODE=true: the web app shows its maintenance page and every write answers 503. */
  isMaintenance: boolean;
  /** Texts go through Twilio when TWILIO_ACCOUNT_SID is set; into the SMS outbox (/dev/sms) otherwise. */
  twilio: TwilioOptions | undefined;
  /** Google sign-in exists only with GOOGLE_CLIENT_ID (the audience its ID tokens must name). */
  google: GoogleOptions | undefined;
  /** The cloud storage services (platform/integration-config.ts): each absent until its client id and secret are set. */
  integrations: Record<IntegrationType, IntegrationProviderConfig | undefined>;
  /** INTEGRATIONS_KEY: the secret the connections' tokens are encrypted under; JWT_SECRET's (or the generated one) by default. */
  integrationsKey: string;
  /** INTEGRATIONS_TIMEOUT_MS: how long a cloud storage service may take to begin an answer (30 s; tried twice). */
  integrationsTimeoutMs: number;
  /**
   * Payments go through Stripe when STRIPE_SECRET_KEY is set (STRIPE_API_URL points the client elsewhere, for tests);
   * through the built-in sandbox gateway otherwise.
   */
  stripe: { secretKey: string; apiUrl: string | undefined } | undefined;
  /**
   * Webhooks: WEBHOOKS_ALLOW_PRIVATE=true lets subscriptions reach private and loopback addresses (self-hosters on
   * one network, tests' local receivers); WEBHOOK_RETRY_DELAY_SECONDS is the wait before the first retry (60 s;
   * each later one waits twice as long).
   */
  webhooks: { allowPrivateAddresses: boolean; retryDelaySeconds: number };
  /**
   * Single sign-on (issue 38): SSO_ALLOW_PRIVATE=true lets an account's issuer URL reach private and loopback
   * addresses, and plain http (self-hosters whose identity provider is on their own network, tests' local provider).
   */
  sso: { allowPrivateAddresses: boolean };
  /** REDIS_URL: realtime pushes reach the sockets of every API node through Redis; unset, this process's only. */
  redisUrl: string | undefined;
  /** EVENT_POLL_MS: how often the outbox is looked at for new events (150 ms). */
  eventPollMs: number;
  /** INVOICE_SELLER: the seller's lines on invoices, separated by '|' ('eSign Inc.|1 Main St|Springfield'). */
  invoiceSeller: string[];
  /** How long operational rows are kept before the hourly prune removes them (modules/pruning); 0 keeps them. */
  pruning: PruningWindows;
  /**
   * SHUTDOWN_TIMEOUT_SECONDS: on SIGTERM, how long in-flight requests and running jobs get to finish before the
   * process exits anyway (30; a job cut off is retried by the next process).
   */
  shutdownTimeoutSeconds: number;
  /** METRICS_TOKEN: GET /metrics answers its bearer (Prometheus text); unset, /metrics is 404 and nothing is counted. */
  metricsToken: string | undefined;
  /** LOG_FORMAT: json, pretty, or auto (the default: one readable line per event on a terminal, JSON lines otherwise). */
  logFormat: LogFormat;
}

/**
 * PRUNE_EVENTS_DAYS (events and webhook deliveries, 90), PRUNE_API_REQUESTS_DAYS (API request history, 90),
 * PRUNE_OUTBOX_DAYS (mail and SMS outboxes, 30), PRUNE_SESSIONS_DAYS (ended sessions, spent tokens, 30) and
 * PRUNE_IDEMPOTENCY_HOURS (Idempotency-Keys, 24: never less, a key is promised for 24 hours). 0 keeps the rows.
 */
export interface PruningWindows {
  eventsDays: number;
  apiRequestsDays: number;
  outboxDays: number;
  sessionsDays: number;
  idempotencyHours: number;
}

export const PRUNING_DEFAULTS: PruningWindows = {
  eventsDays: 90,
  apiRequestsDays: 90,
  outboxDays: 30,
  sessionsDays: 30,
  idempotencyHours: 24,
};

/** A submission limit: at most `count` in `seconds`. */
export interface RateWindow {
  count: number;
  seconds: number;
}
export interface FormLimits {
  perIp: RateWindow;
  perForm: RateWindow;
}

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** TWILIO_FROM: the sending number (or messaging service's sender). */
  from: string;
  /** TWILIO_BASE_URL: https://api.twilio.com unless a test points it at its own peer. */
  baseUrl: string;
}

export interface GoogleOptions {
  clientId: string;
  /** GOOGLE_ISSUER (comma-separated): the issuers an ID token may name; Google's two by default. */
  issuers: string[];
  /** GOOGLE_JWKS_URL: where the signing keys are published; Google's by default. */
  jwksUrl: string;
}

type Env = Record<string, string | undefined>;

interface Secrets {
  jwtSecret: string;
  devMailToken: string;
}

function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

function readSecrets(path: string): Partial<Secrets> | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Partial<Secrets>;
  } catch {
    return undefined;
  }
}

/**
 * Secrets not given in the environment are generated once and kept in DATA_DIR, so restarts keep sessions and the
 * outbox's address. A secret added by a later version is generated into the existing file; the file is replaced by
 * a rename, and two processes starting together agree on the first one written.
 */
function loadOrCreateSecrets(dataDir: string): Secrets {
  const path = join(dataDir, 'secrets.json');
  const existing = readSecrets(path);
  if (existing?.jwtSecret && existing.devMailToken) return existing as Secrets;
  const secrets: Secrets = {
    jwtSecret: existing?.jwtSecret ?? randomBytes(48).toString('base64url'),
    devMailToken: existing?.devMailToken ?? randomSecret(),
  };
  mkdirSync(dataDir, { recursive: true });
  if (!existing) {
    try {
      writeFileSync(path, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
      return secrets;
    } catch {
      // Another process wrote it first: use its secrets.
      const written = readSecrets(path);
      if (written?.jwtSecret && written.devMailToken) return written as Secrets;
    }
  }
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(secrets), { mode: 0o600 });
  renameSync(temporary, path);
  return secrets;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

/** TSA_URLS: a comma-separated list of http(s) addresses. */
function urlList(value: string | undefined, name: string): string[] {
  const urls = (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  for (const url of urls) {
    if (!/^https?:\/\/[^\s]+$/.test(url))
      throw new Error(`${name} must list http:// or https:// addresses, got "${url}"`);
  }
  return urls;
}

function nonNegativeNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a number >= 0, got "${value}"`);
  return parsed;
}

function wholeNumber(value: string | undefined, fallback: number, name: string): number {
  const parsed = nonNegativeNumber(value, fallback, name);
  if (!Number.isInteger(parsed)) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

function logFormat(value: string | undefined): LogFormat {
  if (value === undefined || value === '') return 'auto';
  if (value === 'json' || value === 'pretty' || value === 'auto') return value;
  throw new Error(`LOG_FORMAT must be json, pretty or auto, got "${value}"`);
}

function pruningWindows(env: Env): PruningWindows {
  const idempotencyHours = wholeNumber(
    env.PRUNE_IDEMPOTENCY_HOURS,
    PRUNING_DEFAULTS.idempotencyHours,
    'PRUNE_IDEMPOTENCY_HOURS',
  );
  if (idempotencyHours !== 0 && idempotencyHours < PRUNING_DEFAULTS.idempotencyHours) {
    throw new Error(
      `PRUNE_IDEMPOTENCY_HOURS must be 0 or at least 24 (a key is kept 24 hours), got "${idempotencyHours}"`,
    );
  }
  return {
    eventsDays: wholeNumber(env.PRUNE_EVENTS_DAYS, PRUNING_DEFAULTS.eventsDays, 'PRUNE_EVENTS_DAYS'),
    apiRequestsDays: wholeNumber(
      env.PRUNE_API_REQUESTS_DAYS,
      PRUNING_DEFAULTS.apiRequestsDays,
      'PRUNE_API_REQUESTS_DAYS',
    ),
    outboxDays: wholeNumber(env.PRUNE_OUTBOX_DAYS, PRUNING_DEFAULTS.outboxDays, 'PRUNE_OUTBOX_DAYS'),
    sessionsDays: wholeNumber(env.PRUNE_SESSIONS_DAYS, PRUNING_DEFAULTS.sessionsDays, 'PRUNE_SESSIONS_DAYS'),
    idempotencyHours,
  };
}

function twilioOptions(env: Env): TwilioOptions | undefined {
  if (!env.TWILIO_ACCOUNT_SID) return undefined;
  if (!env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) {
    throw new Error('TWILIO_ACCOUNT_SID needs TWILIO_AUTH_TOKEN and TWILIO_FROM');
  }
  return {
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from: env.TWILIO_FROM,
    baseUrl: (env.TWILIO_BASE_URL || 'https://api.twilio.com').replace(/\/+$/, ''),
  };
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = positiveInt(env.PORT, 3000, 'PORT');
  const dataDir = resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  const needsGenerated = !(overrides.jwtSecret ?? env.JWT_SECRET) || !(overrides.devMailToken ?? env.DEV_MAIL_TOKEN);
  const generated = needsGenerated ? loadOrCreateSecrets(dataDir) : undefined;
  const jwtSecret = overrides.jwtSecret ?? env.JWT_SECRET ?? (generated as Secrets).jwtSecret;
  const devMailToken = overrides.devMailToken ?? (env.DEV_MAIL_TOKEN || (generated as Secrets).devMailToken);
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(appUrl)) throw new Error(`APP_URL must start with http:// or https://, got "${appUrl}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    appUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'eSign <no-reply@localhost>',
    jwtSecret,
    runWorkers: env.RUN_WORKERS !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: resolve(env.WEB_DIST_DIR ?? defaultWebDistDir),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    signingCertP12: env.SIGNING_CERT_P12 ? resolve(env.SIGNING_CERT_P12) : undefined,
    signingCertPassword: env.SIGNING_CERT_PASSWORD,
    tsaUrls: urlList(env.TSA_URLS, 'TSA_URLS'),
    tsaTimeoutMs: positiveInt(env.TSA_TIMEOUT_MS, TIMESTAMP_TIMEOUT_MS, 'TSA_TIMEOUT_MS'),
    listCacheMb: nonNegativeNumber(env.LIST_CACHE_MB, 16, 'LIST_CACHE_MB'),
    benchSkipAccessChecks: env.NODE_ENV === 'benchmark' && env.BENCH_SKIP_ACCESS_CHECKS === '1',
    officeRecycling: {
      maxConversions: positiveInt(
        env.OFFICE_RECYCLE_AFTER,
        OFFICE_RECYCLING_DEFAULTS.maxConversions,
        'OFFICE_RECYCLE_AFTER',
      ),
      maxResidentMb: positiveInt(
        env.OFFICE_MAX_MEMORY_MB,
        OFFICE_RECYCLING_DEFAULTS.maxResidentMb,
        'OFFICE_MAX_MEMORY_MB',
      ),
    },
    devMailToken,
    operatorToken: env.OPERATOR_TOKEN || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    idleLogoutMinutes: positiveInt(env.IDLE_LOGOUT_MINUTES, IDLE_LOGOUT_MINUTES_DEFAULT, 'IDLE_LOGOUT_MINUTES'),
    isMaintenance: env.MAINTENANCE_MODE === 'true',
    apiRateLimitPerSecond: positiveInt(env.API_RATE_LIMIT_PER_SECOND, 10, 'API_RATE_LIMIT_PER_SECOND'),
    formLimits: {
      perIp: {
        count: positiveInt(env.FORM_LIMIT_PER_IP, FORM_SUBMISSION_LIMITS.perIp.count, 'FORM_LIMIT_PER_IP'),
        seconds: FORM_SUBMISSION_LIMITS.perIp.seconds,
      },
      perForm: {
        count: positiveInt(env.FORM_LIMIT_PER_FORM, FORM_SUBMISSION_LIMITS.perForm.count, 'FORM_LIMIT_PER_FORM'),
        seconds: FORM_SUBMISSION_LIMITS.perForm.seconds,
      },
    },
    twilio: twilioOptions(env),
    google: env.GOOGLE_CLIENT_ID
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          issuers: (env.GOOGLE_ISSUER || 'https://accounts.google.com,accounts.google.com')
            .split(',')
            .map((issuer) => issuer.trim())
            .filter(Boolean),
          jwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
        }
      : undefined,
    integrations: integrationConfigs(env),
    integrationsKey: env.INTEGRATIONS_KEY || jwtSecret,
    integrationsTimeoutMs: positiveInt(env.INTEGRATIONS_TIMEOUT_MS, 30_000, 'INTEGRATIONS_TIMEOUT_MS'),
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL || undefined }
      : undefined,
    webhooks: {
      allowPrivateAddresses: env.WEBHOOKS_ALLOW_PRIVATE === 'true',
      retryDelaySeconds: positiveInt(
        env.WEBHOOK_RETRY_DELAY_SECONDS,
        WEBHOOK_LIMITS.retryDelaySeconds,
        'WEBHOOK_RETRY_DELAY_SECONDS',
      ),
    },
    sso: { allowPrivateAddresses: env.SSO_ALLOW_PRIVATE === 'true' },
    redisUrl: env.REDIS_URL || undefined,
    eventPollMs: positiveInt(env.EVENT_POLL_MS, 150, 'EVENT_POLL_MS'),
    invoiceSeller: (env.INVOICE_SELLER ?? 'eSign')
      .split('|')
      .map((line) => line.trim())
      .filter(Boolean),
    pruning: pruningWindows(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    logFormat: logFormat(env.LOG_FORMAT),
    shutdownTimeoutSeconds: positiveInt(env.SHUTDOWN_TIMEOUT_SECONDS, 30, 'SHUTDOWN_TIMEOUT_SECONDS'),
    ...overrides,
  };
}
