import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { LocalStorage } from './local.js';
import type { Storage } from './storage.js';

/**
 * S3 when S3_BUCKET is set, otherwise local disk under DATA_DIR/files. The AWS SDK is loaded only for S3:
 * a server on local disk does not carry it in memory.
 */
export async function createStorage(config: Config, now: () => Date): Promise<Storage> {
  const { s3 } = config;
  if (s3) {
    const { S3Storage } = await import('./s3.js');
    return new S3Storage(s3);
  }
  // A key of its own for file URLs, derived from the instance secret.
  const secret = createHmac('sha256', config.jwtSecret).update('local-file-urls').digest('hex');
  return new LocalStorage(join(config.dataDir, 'files'), config.appUrl, secret, now);
}
