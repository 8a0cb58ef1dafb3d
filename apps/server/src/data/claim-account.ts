import type { Db } from '../platform/db/client.js';
import { endSessions, expireEmailTokens, revokeRefreshTokens } from './sessions.js';
import { confirmEmailOnce } from './users.js';

/**
 * The holder of the mailbox takes an unconfirmed account (a confirmation link, an invitation's link, a verified
 * Google address): it is confirmed with the password (and name) that came with that proof, and whatever an earlier
 * sign-up of the address left ends: its sessions and refresh tokens, its other confirmation links. Whoever signed the
 * address up without owning it keeps nothing (account pre-hijacking). False, and nothing changed, when the account
 * was confirmed already: a link never changes a confirmed account's password.
 */
export async function claimUnconfirmedAccount(
  tx: Db,
  params: { userId: string; at: Date; passwordHash?: string | null; name?: string | null },
): Promise<boolean> {
  const { userId, at } = params;
  const claimed = await confirmEmailOnce(tx, {
    userId,
    at,
    values: {
      // Ending the sessions below refuses every access token issued in them (passwordChangedAt is not needed).
      ...(params.passwordHash ? { passwordHash: params.passwordHash } : {}),
      ...(params.name ? { name: params.name } : {}),
    },
  });
  if (!claimed) return false;
  await revokeRefreshTokens(tx, { userId, now: at });
  await endSessions(tx, { userId, now: at });
  await expireEmailTokens(tx, { userId, purpose: 'confirm_email', now: at });
  return true;
}
