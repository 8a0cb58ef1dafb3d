/** The routes of single sign-on for a team (OpenID Connect, issue 38): the owner's settings and the sign-in. */
export const SSO_ROUTES = {
  getSso: { method: 'GET', path: '/user/sso' },
  updateSso: { method: 'PUT', path: '/user/sso' },
  deleteSso: { method: 'DELETE', path: '/user/sso' },
  startSsoSignIn: { method: 'POST', path: '/auth/sso/start' },
  ssoCallback: { method: 'GET', path: '/auth/sso/callback' },
  completeSsoSignIn: { method: 'POST', path: '/auth/sso/complete' },
} as const;
