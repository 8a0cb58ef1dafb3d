import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers with a Content-Security-Policy the web app itself passes:
 * scripts only from this origin; inline styles for the component library's style attributes.
 * Helmet's middleware is built once and run on every request (`@fastify/helmet` built it anew per request, about
 * 6% of the server's CPU under load).
 * HSTS only on an answer to a request that came over HTTPS (directly, or as a trusted proxy says): over plain HTTP
 * the header means nothing to a browser, and a development server on localhost must not pin the host to HTTPS.
 */
/** A year, subdomains included (helmet's default value). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** What Google Identity Services needs to show its button (allowed only while Google sign-in is configured). */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { allowGoogleSignIn?: boolean; integrationPopupPaths?: readonly string[] } = {},
): Promise<void> {
  const popupPaths = options.integrationPopupPaths ?? [];
  const google = options.allowGoogleSignIn ? [GOOGLE_GSI] : [];
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...google],
        styleSrc: ["'self'", "'unsafe-inline'", ...google],
        frameSrc: ["'self'", ...google],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...google],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup and the cloud storage services' authorisation popups talk back to their opener.
    crossOriginOpenerPolicy: {
      policy: options.allowGoogleSignIn || popupPaths.length > 0 ? 'same-origin-allow-popups' : 'same-origin',
    },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    setSecurityHeaders(request.raw, reply.raw, (error) => {
      // The way an authorisation popup comes back from the service's origin (the callback's redirect, then the page)
      // keeps the popup's opener only without a COOP of its own: the page posts the result to its opener and closes.
      const path = request.url.split('?')[0] ?? '';
      if (popupPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
        reply.raw.setHeader('cross-origin-opener-policy', 'unsafe-none');
      }
      done(error as Error | undefined);
    });
  });
}

/**
 * Lets `origins` frame this answer (embedded signing): the CSP's frame-ancestors becomes those origins and
 * X-Frame-Options goes (it cannot name another origin). Called after the headers above were set.
 */
export function allowFramingBy(reply: FastifyReply, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const policy = reply.raw.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.raw.setHeader(
    'content-security-policy',
    policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${origins.join(' ')}`),
  );
  reply.raw.removeHeader('x-frame-options');
}
