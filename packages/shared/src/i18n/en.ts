import { enPublic } from './en-public.js';
import { enSigner } from './en-signer.js';

/** English, every group (a translation has each of them: ./translations.ts). */
export const en = { ...enSigner, ...enPublic } as const;

/**
 * The words of every mail (the signer's and the owner's), in English. `{{name}}` placeholders are filled by the
 * server's `mailText`; the mails a signer gets (`SIGNER_MAIL_GROUPS`) are translated in each language's file, the
 * others are English only.
 */
export const mails = {
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
  /** Issue 36: the invitation of an approver and of a viewer (a signer's is `signerInvitation`). */
  recipientInvitation: {
    approveSubject: '{{sender}} asks you to review and approve "{{title}}"',
    approveReminderSubject: 'Reminder: {{sender}} is waiting for your approval of "{{title}}"',
    approveBody: '{{sender}} ({{senderEmail}}) has sent you the document "{{title}}" to review and approve.',
    approveAction: 'Review and approve',
    viewSubject: '{{sender}} sent you "{{title}}" to view',
    viewReminderSubject: 'Reminder: {{sender}} is waiting for you to view "{{title}}"',
    viewBody: '{{sender}} ({{senderEmail}}) has sent you the document "{{title}}" to view.',
    viewAction: 'View document',
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
  signerReassigned: {
    subject: '{{signer}} reassigned "{{title}}"',
    body: '{{signer}} ({{signerEmail}}) handed their part of "{{title}}" to {{newSigner}} ({{newSignerEmail}}), who now has their own signing link.',
    reason: 'Reason: {{reason}}',
    action: 'View document',
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
  /** The life of a sent document (issue 36): what its signers are told, in the document's language. */
  signerLifecycle: {
    voidedSubject: '"{{title}}" was withdrawn',
    voidedBody:
      '{{sender}} withdrew the document "{{title}}", so it no longer needs your signature. Its signing link no longer works.',
    reason: 'Reason given: {{reason}}',
    expiryReminderSubject: 'Reminder: "{{title}}" can be signed until {{date}}',
    expiryLine: 'The document can be signed until {{date}}; after that its link no longer works.',
  },
  /** Issue 38: the code a recipient types to prove who they are (mailed or texted). */
  signerVerification: {
    subject: 'Your code to open "{{title}}"',
    body: 'Your code to open "{{title}}", sent by {{sender}}, is {{code}}.',
    footer:
      'The code expires in {{minutes}} minutes and works once. Do not share it with anyone. If you did not ask for it, you can ignore this email.',
    sms: 'Your eSign code for "{{title}}" is {{code}}. It expires in {{minutes}} minutes. Do not share it.',
  },
  /** The life of a sent document (issue 36): what its sender is told. */
  documentLifecycle: {
    declinedSubject: '{{signer}} declined to sign "{{title}}"',
    declinedBody:
      '{{signer}} ({{signerEmail}}) declined to sign the document "{{title}}". The signing links of the document no longer work.',
    declinedReason: 'Reason: {{reason}}',
    declinedAdvice: 'You can make a new draft from it with Edit & Resend.',
    expiredSubject: '"{{title}}" has expired',
    expiredBody:
      'The document "{{title}}" was not signed by everyone by {{date}}, so its signing links no longer work. Extend the date to make the same links work again, or make a new draft with Edit & Resend.',
    action: 'Open document',
  },
  /** The retention rule's summary to the account owner (issue 39), in the language of the documents removed. */
  retention: {
    subject: 'Documents removed by your retention rule',
    body: 'Your retention rule removed the files and personal data of {{count}} documents that ended more than {{days}} days ago. A stub of each is kept (its title, dates and fingerprint), so you can still show that it existed and was signed.',
    removed: 'Removed: {{titles}}',
    action: 'Open retention settings',
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
