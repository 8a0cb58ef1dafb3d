import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one guard for requests to addresses a user gave (webhooks, single sign-on issuers): only http(s), only public unicast addresses,
 * checked on the name's resolution at connect time (the connection uses the address that was checked, so a name
 * cannot resolve to a public address when checked and a private one when connected), no redirect followed, a
 * deadline for the whole exchange and a cap on what is read.
 *
 * Which addresses are public is ipaddr.js's range classification (the registries' special-purpose ranges, kept by
 * its maintainers), not a hand list: only its `unicast` passes, so loopback, private, carrier-grade NAT, link-local
 * (with the cloud metadata address 169.254.169.254), unique-local (fd00:ec2::254), multicast, reserved,
 * documentation, benchmarking, 6to4 and Teredo are all refused, and any range it learns later with them. An IPv6
 * address that carries an IPv4 one in its last 32 bits (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96, the
 * translated ::ffff:0:0:0/96 and the NAT64 well-known prefix 64:ff9b::/96) is judged as that IPv4 address, which is
 * where the connection ends up.
 */
const EMBEDS_IPV4 = new Set(['ipv4Mapped', 'rfc6145']);

/** The address a connection to `address` reaches, as far as its spelling says. */
function effectiveAddress(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  if (address.kind() === 'ipv4') return address;
  const v6 = address as ipaddr.IPv6;
  const [a, b, c, d, e, f] = v6.parts;
  const isCompatible = a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0;
  const isNat64 = a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0;
  if (isCompatible || isNat64 || EMBEDS_IPV4.has(v6.range())) {
    const bytes = v6.toByteArray();
    return new ipaddr.IPv4(bytes.slice(12));
  }
  return v6;
}

/** True for an address no user-given URL may reach: anything but a public unicast address, in any spelling. */
export function isBlockedAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  return effectiveAddress(parsed).range() !== 'unicast';
}

export class UnsafeTargetError extends Error {}
/** The URL's host name has no address (unknown, or the resolver could not answer): a user's typo, not a fault. */
export class UnresolvedHostError extends UnsafeTargetError {}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface SafeTargetOptions {
  /** Self-hosters' and tests' setting: private and loopback addresses are allowed. */
  allowPrivate: boolean;
  /** The name resolver (tests give one that changes its answer); the system's by default. */
  resolve?: Resolver;
}

/** The URL parsed, or the reason it may not be used. */
export function parseTargetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeTargetError('The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeTargetError('Only http and https URLs');
  if (url.username || url.password) throw new UnsafeTargetError('The URL may not carry a user name or password');
  return url;
}

/** The resolver's answer; a name it cannot resolve (ENOTFOUND, EAI_AGAIN, ENODATA…) is an UnresolvedHostError. */
async function lookUp(hostname: string, options: SafeTargetOptions) {
  try {
    return await (options.resolve ?? systemResolver)(hostname);
  } catch (error) {
    throw new UnresolvedHostError(`${hostname} does not resolve (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
}

/** The addresses `hostname` may be reached at: every one it resolves to must be allowed, else it is refused. */
export async function resolveSafely(
  hostname: string,
  options: SafeTargetOptions,
): Promise<{ address: string; family: number }[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const found = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookUp(bare, options);
  if (found.length === 0) throw new UnresolvedHostError(`${hostname} does not resolve`);
  if (!options.allowPrivate && found.some((entry) => isBlockedAddress(entry.address))) {
    throw new UnsafeTargetError(`${hostname} resolves to a private or reserved address`);
  }
  return found;
}

/** Checks a URL given by a user before it is saved: scheme, and where its name resolves now. */
export async function checkTargetUrl(raw: string, options: SafeTargetOptions): Promise<URL> {
  const url = parseTargetUrl(raw);
  await resolveSafely(url.hostname, options);
  return url;
}

export interface SafeResponse {
  status: number;
  /** The answer's headers (a repeated header's values joined by ', '). */
  headers: Record<string, string>;
  /** The first `maxBytes` of the body (the rest is not read). */
  body: Buffer;
}

export interface SafeRequestOptions extends SafeTargetOptions {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** The body of a POST. */
  body?: string;
  timeoutMs: number;
  maxBytes: number;
}
export type SafePostOptions = Omit<SafeRequestOptions, 'method' | 'body'> & { body: string };

/** POSTs to a user-given URL through the guard (see safeRequest). */
export function safePost(raw: string, options: SafePostOptions): Promise<SafeResponse> {
  return safeRequest(raw, { ...options, method: 'POST' });
}

/**
 * A request to a user-given URL through the guard (webhooks' POSTs, an identity provider's discovery, keys and
 * token calls). The connection's own lookup resolves the name and checks what it got, and connects to that address
 * (an IP literal is checked before, since no lookup runs for it). A redirect is an answer like any other: it is not
 * followed.
 */
export function safeRequest(raw: string, options: SafeRequestOptions): Promise<SafeResponse> {
  const url = parseTargetUrl(raw);
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolveSafely(hostname, options).then(
      (found) => {
        const chosen = found.filter((entry) => !lookupOptions.family || entry.family === lookupOptions.family);
        const first = chosen[0] ?? found[0];
        if (!first) return callback(new UnsafeTargetError(`${hostname} does not resolve`), '', 4);
        if (lookupOptions.all) (callback as unknown as (e: null, a: typeof found) => void)(null, chosen);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
  return new Promise((resolve, reject) => {
    const start = async () => {
      const bare = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(bare)) await resolveSafely(bare, options);
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const length = options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) };
      const request = send(url, {
        method: options.method,
        headers: { ...options.headers, ...length },
        lookup,
        // No pooled connection: each request resolves and checks again.
        agent: false,
      });
      const deadline = setTimeout(
        () => request.destroy(new Error(`no complete answer within ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
      request.on('error', (error) => {
        clearTimeout(deadline);
        reject(error);
      });
      request.on('response', (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        const finish = () => {
          clearTimeout(deadline);
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        };
        response.on('data', (chunk: Buffer) => {
          const room = options.maxBytes - size;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          size += chunk.length;
          if (size >= options.maxBytes) {
            // Enough read: the rest is not waited for.
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', (error) => {
          clearTimeout(deadline);
          reject(error);
        });
      });
      request.end(options.body);
    };
    start().catch(reject);
  });
}
