import type { FastifyReply, FastifyRequest } from 'fastify';

/** A cookie the server sets for itself: never readable by scripts, sent on same-site requests and top-level links. */
export interface CookieSpec {
  name: string;
  /** Only requests under this path carry it. */
  path: string;
  maxAgeSeconds: number;
  /** Over https only (when the app's address is https). */
  isSecure: boolean;
}

/**
 * Adds a Set-Cookie of `value` (a token of URL-safe characters) to the answer: HttpOnly, SameSite=Lax (a top-level
 * navigation from another site, such as an OAuth service's redirect, still carries it; a cross-site request made
 * by a page does not). `value` null clears it.
 */
export function setCookie(reply: FastifyReply, spec: CookieSpec, value: string | null): void {
  const attributes = [
    `${spec.name}=${value ?? ''}`,
    `Path=${spec.path}`,
    `Max-Age=${value === null ? 0 : spec.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(spec.isSecure ? ['Secure'] : []),
  ];
  const existing = reply.getHeader('set-cookie');
  const others = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...others, attributes.join('; ')]);
}

/** The value of the request's cookie `name`, if it sent one. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}
