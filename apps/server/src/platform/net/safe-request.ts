import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/**
 * The one guard for requests to addresses a user gave (webhooks): only http(s), no loopback, private, link-local,
 * metadata or other special-purpose address, checked on the name's resolution at connect time (the connection
 * uses the address that was checked, so a name cannot resolve to a public address when checked and a private one
 * when connected), no redirect followed, a deadline for the whole exchange and a cap on what is read.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, and the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local, and the metadata address fd00:ec2::254
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** True for an address no user-given URL may reach (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isBlockedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return BLOCKED.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class UnsafeTargetError extends Error {}

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

/** The addresses `hostname` may be reached at: every one it resolves to must be allowed, else it is refused. */
export async function resolveSafely(
  hostname: string,
  options: SafeTargetOptions,
): Promise<{ address: string; family: number }[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const found = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await (options.resolve ?? systemResolver)(bare);
  if (found.length === 0) throw new UnsafeTargetError(`${hostname} does not resolve`);
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
  /** The first `maxBytes` of the body (the rest is not read). */
  body: Buffer;
}

export interface SafePostOptions extends SafeTargetOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxBytes: number;
}

/**
 * POSTs to a user-given URL through the guard. The connection's own lookup resolves the name and checks what it
 * got, and connects to that address (an IP literal is checked before, since no lookup runs for it). A redirect
 * is an answer like any other: it is not followed.
 */
export function safePost(raw: string, options: SafePostOptions): Promise<SafeResponse> {
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
      const request = send(url, {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
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
        const finish = () => {
          clearTimeout(deadline);
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) });
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
