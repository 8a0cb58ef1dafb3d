/**
 * The words of every mail, in English (the source language). `{{name}}` placeholders are filled by `mailText`
 * (texts.ts); a second language is one more table of this shape.
 */
export const en = {
  common: {
    greeting: 'Hello {{name}},',
    greetingWithoutName: 'Hello,',
    untitledDocument: 'Untitled document',
  },
  confirmEmail: {
    subject: 'Confirm your email address',
    body: 'Thank you for signing up. Please confirm your email address to start using your account.',
    action: 'Confirm email',
    footer: 'This link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
  },
  passwordReset: {
    subject: 'Reset your password',
    body: 'We received a request to reset the password of your account.',
    action: 'Set a new password',
    footer: 'This link works once and expires in 1 hour. If you did not ask for it, you can ignore this email.',
  },
  alreadyRegistered: {
    subject: 'You already have an account',
    body: 'Someone tried to create a new account with this email address, but you already have one.',
    advice: 'If it was you, log in instead. If you forgot your password, you can reset it from the login page.',
    action: 'Log in',
    footer: 'If it was not you, you can ignore this email: nothing has changed.',
  },
  signerInvitation: {
    subject: '{{sender}} sent you "{{title}}" to sign',
    reminderSubject: 'Reminder: {{sender}} is waiting for your signature on "{{title}}"',
    body: '{{sender}} ({{senderEmail}}) has sent you the document "{{title}}" to sign.',
    message: 'Message from {{sender}}: {{message}}',
    action: 'Review and sign',
    footer: 'This link is for you alone: do not forward this email.',
  },
  opened: {
    subject: '{{signer}} opened "{{title}}"',
    body: '{{signer}} ({{signerEmail}}) opened the document "{{title}}".',
    action: 'View document',
  },
  completed: {
    subject: 'Completed: {{title}}',
    body: 'Everyone has signed "{{title}}". The signed document is ready to download.',
    action: 'Download document',
    footer: 'Keep this email: the link lets you download the signed document.',
    verify: 'Verify this document at {{url}}',
  },
  share: {
    /** The title of a document that has none, inside the share mail's sentences. */
    untitledDocument: 'a document',
    subject: '{{sender}} shared "{{title}}" with you',
    body: '{{sender}} shared the signed document "{{title}}" with you.',
    action: 'Download the document',
  },
  /** Text messages (platform/sms): a two-factor code, for turning SMS sign-in on or off and for signing in. */
  sms: {
    code: 'Your eSign code is {{code}}. It expires in {{minutes}} minutes. Do not share it with anyone.',
  },
  emailChange: {
    subject: 'Confirm your new email address',
    body: 'You asked to use {{email}} for your account. Your account keeps its current address until you confirm this one.',
    action: 'Confirm new email',
    footer: 'This link works once and expires in 24 hours. If you did not ask for it, you can ignore this email.',
  },
  emailChanged: {
    subject: 'Your email address has been changed',
    body: 'The email address of your account is now {{email}}. This address no longer signs in.',
    advice: 'If you did not make this change, reset your password at once and contact support.',
  },
  documentVoided: {
    subject: '"{{title}}" no longer needs your signature',
    body: '{{sender}} deleted their account, so the document "{{title}}" has been voided. Its signing link no longer works.',
  },
  webhookDisabled: {
    subject: 'A webhook has been turned off',
    body: 'Deliveries to {{url}} have failed for {{days}} days, so we have turned this webhook off. Fix the receiver, then turn the webhook on again in your settings.',
    action: 'Open webhook settings',
  },
  signerSigned: {
    subject: '{{signer}} signed "{{title}}"',
    body: '{{signer}} ({{signerEmail}}) signed the document "{{title}}".',
    action: 'View document',
  },
  dailyReport: {
    subject: 'Your signature requests on {{date}}',
    intro: 'Here is what happened to your signature requests on {{date}}:',
    sent: 'Documents sent: {{count}}',
    signed: 'Signatures received: {{count}}',
    completed: 'Documents completed: {{count}}',
    awaiting: 'Documents still awaiting signatures: {{count}}',
    action: 'Open your documents',
  },
  teamInvitation: {
    subject: '{{inviter}} invited you to join their team',
    body: "{{inviter}} ({{inviterEmail}}) invited you to join the team of {{owner}}. As a member you can use the team's templates and send documents under its account.",
    action: 'Accept invitation',
    footer:
      'This link works once and expires in 7 days. If you did not expect this invitation, you can ignore this email.',
  },
  billing: {
    downgradedSubject: 'Your {{plan}} plan has ended',
    downgradedBody:
      'We could not charge your card for your {{plan}} plan after {{attempts}} attempts, so your account is now on the Free plan. Add a working card and choose a plan again to continue where you left off.',
    downgradedAction: 'Choose a plan',
    signUpCodeSubject: 'Your confirmation code',
    signUpCodeBody: 'Enter this code to finish creating your account: {{code}}',
    signUpCodeFooter: 'The code expires in one hour. If you did not start a purchase, you can ignore this email.',
  },
} as const;
