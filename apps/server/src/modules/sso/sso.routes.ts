import { completeSsoSignIn, deleteSso, getSso, ssoCallback, startSsoSignIn, updateSso } from '@esign/shared';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/http/authenticate.js';
import { readCookie, setCookie } from '../../platform/http/cookies.js';
import { defineRoute } from '../../platform/http/define-route.js';
import type { SsoService } from './sso.service.js';

/** The settings are the account owner's (`account.settings`): teammates and anyone else get 404. */
const asOwner = { tags: ['sso'], auth: 'accountOwner' } as const;
const open = { tags: ['sso'], auth: 'none' } as const;

export async function ssoRoutes(app: FastifyInstance, { sso }: { sso: SsoService }) {
  defineRoute(app, getSso, asOwner, async (request) => sso.getSettings({ user: currentUser(request) }));
  defineRoute(app, updateSso, asOwner, async (request) =>
    sso.updateSettings({ user: currentUser(request), body: request.body }),
  );
  defineRoute(app, deleteSso, asOwner, async (request) => sso.deleteSettings({ user: currentUser(request) }));

  // The browser id goes to this browser only, in a cookie the callback alone receives.
  defineRoute(app, startSsoSignIn, open, async (request, reply) => {
    const { url, browserId } = await sso.start({ email: request.body.email, ip: request.ip });
    setCookie(reply, sso.browserCookie, browserId);
    return { url };
  });

  // The provider sends the browser here; the cookie is cleared whatever the outcome.
  defineRoute(app, ssoCallback, { ...open, status: 302 }, async (request, reply) => {
    const at = request.url.indexOf('?');
    const target = await sso.callback({
      browserId: readCookie(request, sso.browserCookie.name),
      query: at < 0 ? '' : request.url.slice(at + 1),
    });
    setCookie(reply, sso.browserCookie, null);
    return reply.redirect(target, 302);
  });

  defineRoute(app, completeSsoSignIn, open, async (request) => sso.complete(request.body));
}
