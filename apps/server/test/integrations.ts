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

/** The `name=value` part of each cookie an answer sets, joined as a browser's Cookie header would send them. */
export function cookiesOf(response: { headers: Record<string, unknown> }): string {
  const set = response.headers['set-cookie'];
  const lines = set === undefined ? [] : Array.isArray(set) ? set : [String(set)];
  return lines.map((line: string) => line.split(';')[0]).join('; ');
}

/**
 * Runs the popup's flow without a browser: asks for the authorisation URL, lets the peer decide (as its page's
 * buttons do), and follows the peer's redirect to the callback with the cookies the start set, as the browser
 * that started it would (`cookie`: another browser's Cookie header instead, '' for none). Answers the
 * /integrations address it ends at.
 */
export async function connectIntegration(
  app: FastifyInstance,
  headers: Record<string, string>,
  type: IntegrationType,
  options: { account?: string; decision?: 'allow' | 'deny'; tamper?: (callback: URL) => void; cookie?: string } = {},
): Promise<URL> {
  const started = await app.inject({ method: 'GET', url: `/api/v1/integrations/auth_url?type=${type}`, headers });
  if (started.statusCode !== 200) throw new Error(`auth_url answered ${started.statusCode}: ${started.body}`);
  const cookie = options.cookie ?? cookiesOf(started);
  const authorize = new URL(started.json<{ url: string }>().url);
  authorize.searchParams.set('decision', options.decision ?? 'allow');
  authorize.searchParams.set('account', options.account ?? 'alice');
  const consent = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location') ?? '');
  options.tamper?.(callback);
  const back = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  if (back.statusCode !== 302) throw new Error(`the callback answered ${back.statusCode}: ${back.body}`);
  return new URL(String(back.headers.location));
}

export type { CloudPeer };
