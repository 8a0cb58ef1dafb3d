import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_LIMITS } from '@esign/shared';

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks gives them. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_LIMITS.secretPrefix}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of
 * `{id}.{timestamp}.{body}` under the secret's bytes; one entry per secret, space-separated (a rotated-out secret
 * signs too while it is still valid, so a receiver holding either verifies).
 */
export function signatureHeader(secrets: string[], message: { id: string; timestamp: number; body: string }): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(WEBHOOK_LIMITS.secretPrefix.length), 'base64');
      const digest = createHmac('sha256', key)
        .update(`${message.id}.${message.timestamp}.${message.body}`)
        .digest('base64');
      return `v1,${digest}`;
    })
    .join(' ');
}
