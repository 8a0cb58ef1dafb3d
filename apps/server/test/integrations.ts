import type { IntegrationType } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import type { CloudPeer, PeerFamily } from './cloud-peer.js';

/** The peer's family that speaks each service's API. */
export const PEER_FAMILY: Record<IntegrationType, PeerFamily> = {
  google_drive: 'google',
  dropbox: 'dropbox',
  one_drive: 'graph',
  box: 'box',
};

/**
 * Runs the popup's flow without a browser: asks for the authorisation URL, lets the peer decide (as its page's
 * buttons do), and follows the peer's redirect to the callback. Answers the /integrations address it ends at.
 */
export async function connectIntegration(
  app: FastifyInstance,
  headers: Record<string, string>,
  type: IntegrationType,
  options: { account?: string; decision?: 'allow' | 'deny'; tamper?: (callback: URL) => void } = {},
): Promise<URL> {
  const started = await app.inject({ method: 'GET', url: `/api/v1/integrations/auth_url?type=${type}`, headers });
  if (started.statusCode !== 200) throw new Error(`auth_url answered ${started.statusCode}: ${started.body}`);
  const authorize = new URL(started.json<{ url: string }>().url);
  authorize.searchParams.set('decision', options.decision ?? 'allow');
  authorize.searchParams.set('account', options.account ?? 'alice');
  const consent = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location') ?? '');
  options.tamper?.(callback);
  const back = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  if (back.statusCode !== 302) throw new Error(`the callback answered ${back.statusCode}: ${back.body}`);
  return new URL(String(back.headers.location));
}

export type { CloudPeer };
