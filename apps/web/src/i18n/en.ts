import { MESSAGES } from '@esign/shared';

/** English, the source locale. The spec's own sentences come from MESSAGES under `messages`. */
export const en = {
  messages: MESSAGES,
  common: {
    productName: 'eSign',
    loading: 'Loading',
    logIn: 'Log in',
    signUp: 'Sign up',
    retry: 'Retry',
    sendAgain: 'Send again',
    goToSign: 'Go to Sign',
    footer: 'eSign: prepare, send and sign documents online.',
    idleLoggedOut: 'You have been logged out after a period of inactivity.',
  },
  fields: {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
  },
  signUp: {
    title: 'Create your free account',
    submit: 'Sign up',
    hasAccount: 'Already have an account?',
  },
  login: {
    title: 'Log in to your account',
    submit: 'Log in',
    forgotPassword: 'Forgot password?',
    noAccount: "Don't have an account?",
    twoFactorUnavailable: 'Two-factor login is not available in this version yet.',
    notConfirmedTitle: 'Your email is not confirmed',
    notConfirmed: 'Please confirm your email address with the link we sent you, or have the link sent again.',
  },
  reset: {
    title: 'Reset your password',
    intro: 'Enter the email address of your account and we will send you a link to set a new password.',
    submit: 'Send reset link',
    backToLogin: 'Back to log in',
  },
  changePassword: {
    title: 'Set a new password',
    submit: 'Change password',
    missingToken: 'This page needs the link from the password reset email. Request a new link to continue.',
    requestNewLink: 'Request a new link',
  },
  confirmAccount: {
    title: 'Confirm your email',
    sentTo: 'We have sent a confirmation link to {{email}}. Open it to activate your account.',
    notReceived: "Didn't get the email? Check your spam folder or send it again.",
  },
  confirmEmail: {
    title: 'Email confirmation',
    confirming: 'Confirming your email…',
    missingToken: 'This page needs the link from the confirmation email.',
  },
  nav: {
    mainNavigation: 'Main navigation',
    headerNavigation: 'Header navigation',
    openNavigation: 'Open navigation',
    closeNavigation: 'Close navigation',
    sign: 'Sign',
    accountMenu: 'Account menu',
    accountMenuOf: 'Account menu of {{name}}',
    logout: 'Logout',
    freeCounter: '{{used}} of {{limit}} signature requests this month',
  },
  sign: {
    title: 'Who needs to sign?',
    onlyMe: 'Only Me',
    onlyMeDescription: 'Sign a document yourself.',
    meAndOthers: 'Me & Others',
    meAndOthersDescription: 'Sign a document and send it to others to sign.',
    onlyOthers: 'Only Others',
    onlyOthersDescription: 'Send a document to others to sign.',
  },
  devMail: {
    title: 'Development outbox',
    intro: 'E-mails the server would have sent. Newest first.',
    refresh: 'Refresh',
    empty: 'No e-mails yet.',
    smtpConfigured: 'The outbox is not in use: this server sends e-mail through SMTP.',
    to: 'To',
    subject: 'Subject',
    sentAt: 'Sent',
    selectHint: 'Select an e-mail to read it.',
    mailList: 'E-mails',
  },
} as const;

export type EnglishResources = typeof en;
