import { isIP } from 'node:net';

/**
 * Which proxies in front of the server are believed about the client's address (Fastify's `trustProxy`):
 * `false` (none: the address is the connection's peer), a number of hops (the entry that many proxies from the
 * right of `X-Forwarded-For`), or a list of proxy addresses and CIDR ranges (entries written by those are
 * skipped from the right; the first other one is the client). Never Fastify's `true`, which takes the leftmost
 * entry: one the client wrote itself.
 */
export type TrustProxy = false | number | string[];

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (!address || rest.length > 0) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` for a TrustProxy: hops become a function of the entry's position (this Fastify treats a bare
 * number as trusting nothing), a list is left to Fastify's proxy-addr. With hops, the nearest proxy is believed
 * whoever it is: a server also reachable around its proxy should list the proxies' addresses instead.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** TRUST_PROXY: unset or `false`; `true` (one hop); a number of hops; or a comma-separated list of addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') return 1;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0 || entries.length === 0) {
    throw new Error(
      `TRUST_PROXY must be true, false, a number of proxy hops or a comma-separated list of proxy addresses (CIDR allowed), got "${value}"`,
    );
  }
  return entries;
}

/** The request's user agent as the audit trail records it (at most 1,000 characters), or null. */
export function userAgentOf(request: { headers: Record<string, string | string[] | undefined> }): string | null {
  const value = request.headers['user-agent'];
  return typeof value === 'string' ? value.slice(0, 1000) : null;
}
