/** The account owner's single sign-on settings (issue 38), /settings/sso. */
export const ssoTexts = {
  ssoSettings: {
    tab: 'Single sign-on',
    title: 'Single sign-on (OpenID Connect)',
    intro:
      'People of your e-mail domains sign in through your identity provider and join your team on their first sign-in.',
    redirectUri: 'Redirect URI to register at your identity provider',
    issuerUrl: 'Issuer URL',
    issuerHint: 'The address of your provider whose /.well-known/openid-configuration it publishes.',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    clientSecretKept: 'A secret is kept. Leave empty to keep it, or type a new one.',
    domains: 'E-mail domains',
    domainsHint: 'One or more, separated by commas or spaces (example.com).',
    isRequired: 'Required: refuse password sign-in for these domains (your own sign-in is never refused)',
    save: 'Save',
    saved: 'Single sign-on saved',
    remove: 'Remove single sign-on',
    removed: 'Single sign-on removed',
  },
} as const;
