import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { LocalStorage } from './local.js';
import { S3Storage } from './s3.js';
import type { Storage } from './storage.js';

/** S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/files. */
export function createStorage(config: Config, now: () => Date): Storage {
  const { s3 } = config;
  if (s3) return new S3Storage(s3);
  // A key of its own for file URLs, derived from the instance secret.
  const secret = createHmac('sha256', config.jwtSecret).update('local-file-urls').digest('hex');
  return new LocalStorage(join(config.dataDir, 'files'), config.appUrl, secret, now);
}
