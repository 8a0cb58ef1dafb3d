/**
 * English texts of the pages behind a log-in and of the account pages (loaded with those pages: `loadAppTexts` in
 * ./index.ts), apart from the shared English catalogue (packages/shared/src/i18n/en.ts), which holds what a signer's
 * link and a public form's page need on their first load. The two together are the catalogue; keys never repeat across them. Each area keeps its groups in a file of its
 * own (./en-app-account.ts, ./en-app-billing.ts, ./en-app-company.ts, ./en-app-developers.ts, ./en-app-documents.ts,
 * ./en-app-templates.ts), joined here with the few groups below.
 */
import { accountTexts } from './en-app-account';
import { billingTexts } from './en-app-billing';
import { companyTexts } from './en-app-company';
import { developerTexts } from './en-app-developers';
import { documentTexts } from './en-app-documents';
import { lifecycleTexts } from './en-app-lifecycle';
import { recipientTexts } from './en-app-recipients';
import { retentionTexts } from './en-app-retention';
import { ssoTexts } from './en-app-sso';
import { templateTexts } from './en-app-templates';

const coreTexts = {
  devSms: {
    title: 'Development text messages',
    intro: 'Text messages the server would have sent. Newest first.',
    empty: 'No text messages yet.',
    unavailable:
      'The SMS outbox is not open to this address. Open it with the key of the mail outbox (?token=...), or, if the server sends texts through Twilio, read your phone instead.',
    list: 'Text messages',
  },
  nav: {
    mainNavigation: 'Main navigation',
    headerNavigation: 'Header navigation',
    openNavigation: 'Open navigation',
    closeNavigation: 'Close navigation',
    sign: 'Sign',
    documents: 'Documents',
    completed: 'Completed',
    awaiting: 'Awaiting Signature',
    draft: 'Draft',
    templates: 'Templates',
    createTemplate: 'Create Template',
    templatesView: 'Templates View',
    forms: 'Forms',
    integrations: 'Integrations',
    formsLive: 'Live',
    formsDraft: 'Draft',
    team: 'Team',
    accountMenu: 'Account menu',
    accountMenuOf: 'Account menu of {{name}}',
    logout: 'Logout',
    editSignature: 'Edit Signature',
    freeCounter: '{{used}} of {{limit}} signature requests this month',
  },
  devMail: {
    title: 'Development outbox',
    intro: 'E-mails the server would have sent. Newest first.',
    refresh: 'Refresh',
    empty: 'No e-mails yet.',
    from: 'From: {{from}}',
    unavailable:
      'The outbox is not open to this address. Open the full address the server printed when it started (it ends in ?token=...), or, if the server sends e-mail through SMTP, read your mailbox instead.',
    to: 'To: {{to}}',
    subject: 'Subject',
    sentAt: 'Sent: {{time}}',
    selectHint: 'Select an e-mail to read it.',
    mailList: 'E-mails',
  },
  // The public verify page (issue 26); loaded with its code like the app's pages.
  verify: {
    title: 'Verify a signed document',
    intro:
      'Check a PDF signed and sealed with eSign, or any signed PDF: whether its signatures are valid, whether anything was changed or added after signing, and who signed it.',
    drop: 'Drop a PDF here, or choose one',
    choose: 'Choose a PDF to verify',
    privacy: 'The file is sent to this server, checked in memory and not kept.',
    checking: 'Checking the file',
    another: 'Verify another file',
    file: '{{name}}, SHA-256 {{sha256}}',
    sealedTitle: 'Sealed by this service',
    document: 'Document: {{title}}',
    completedAt: 'Completed: {{time}}',
    signatures: 'Signatures',
    signatureValid: 'Valid signature,',
    signatureInvalid: 'Invalid signature,',
    coversAll: 'covering the whole file.',
    notAll: 'not covering the whole file: something was added after it.',
    signedBy: 'Signed by {{subject}}.',
    verdict: {
      intact: 'Intact',
      changedAfterSealing: 'Changed after sealing',
      notSealedHere: 'Not sealed by this service',
      noSignature: 'No signature',
      invalid: 'Signature not valid',
    },
    explain: {
      intact: 'This is the file this service sealed, unchanged since: its seal is valid and covers the whole file.',
      changedAfterSealing:
        'The seal is valid for the file as it was signed, but something was appended afterwards (for example a page): this is not the file that was signed.',
      notSealedHere:
        'The file carries valid signatures covering all of it, but this service did not seal it, so it cannot say which document it is.',
      noSignature: 'The file has no digital signature: nothing proves who signed it or that it is unchanged.',
      invalid: 'A signature does not match the bytes it covers: the file was changed after it was signed.',
    },
  },
} as const;

/** Every text of the app's pages: the groups above and those of the areas with files of their own. */
export const enApp = {
  ...coreTexts,
  ...accountTexts,
  ...documentTexts,
  ...lifecycleTexts,
  ...templateTexts,
  ...billingTexts,
  ...developerTexts,
  ...companyTexts,
  ...recipientTexts,
  ...ssoTexts,
  ...retentionTexts,
} as const;
