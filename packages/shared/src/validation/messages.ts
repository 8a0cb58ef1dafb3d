import { SIGNER_MESSAGES } from './signer-messages.js';

/**
 * Every user-facing sentence the specification gives, written once.
 * The server answers with these texts; the web app shows them through i18n (keyed by the same names).
 */
export const MESSAGES = {
  // What a signer's link may show first, in a module of its own (the web app's first load reads only those).
  ...SIGNER_MESSAGES,
  required: 'Required',
  onlySpaces: 'The field must not contain only spaces',
  maxLength100: 'Maximum length of this field must be less than 100 symbols',
  maxLength50: 'Maximum length of this field must be less than 50 symbols',
  passwordDigit: 'Password must have at least one digit',
  passwordMinLength: 'Minimum password length is 6 symbols',
  passwordCharacters: 'Only digits, characters and special symbols allowed',
  passwordMismatch: 'Password and confirmation password do not match',
  invalidEmail: 'Invalid email address',
  incorrectName: 'Incorrect name',
  invalidUrl: 'url should start with https:// or http://',
  tokenExpired: 'Token expired!',
  passwordResetSent: 'If that is a valid address, we have sent an email to it to reset your password.',
  passwordChanged: 'Password successfully changed',
  checkInbox: 'Check your inbox',
  emailConfirmed: 'Email confirmed',
  emailSent: 'Email has been sent',
  fileTooLarge: 'File size must be less than 40 mb',
  documentFilesLimit: 'Uploading files for a document is limited to 5 files and total size must be less than 100 mb',
  failedToUpload: 'Failed to upload',
  failedToRemoveFiles: 'Failed to remove files',
  failedToRemoveFile: 'Failed to remove file',
  uploadUnsuccessful: 'Uploading has been unsuccessful',
  // Cloud storage (spec part 1 section 8, part 2 section 8).
  accessDenied: 'You have denied access for the product',
  noAccessToken: 'No access token provided',
  apiNotLoaded: 'Api is not loaded yet',
  failedToPickFile: 'Failed to pick file.',
  fileCannotBeUsed: "File can't be used.",
  webhookNotFound: 'Webhook not found',
  retentionDaysInvalid: 'Keep documents for 1 to 36500 days, or forever',
  documentRemoved: 'This document was removed: only its stub is kept',
  webhookUrlInvalid: 'Enter an http:// or https:// URL',
  webhookUrlPrivate: 'This address is private or reserved: webhooks go only to public addresses',
  webhookUrlUnresolved: 'No server answers to this host name: check the URL',
  webhookEventsRequired: 'Choose at least one event',
  webhookLimit: 'You have reached the limit of 20 webhooks',
  integrationNotConfigured: 'Not set up on this server: its administrator has not given a client id and secret.',
  integrationNotConnected: 'This service is not activated. Activate it on the Integrations page.',
  integrationStateInvalid: 'This authorisation has expired or was not started here. Please try again.',
  documentNotFound: 'Document not found',
  // Section 2 (the settings guard's page); also the 403 of an action a teammate may see but not do.
  noAccess: "Oops! You don't have access.",
  // Sending checks (section 5).
  documentNeedsFile: 'Document must have a file or template attached',
  templateNeedsFile: 'Template must have a file attached',
  formNeedsFile: 'Form must have a file attached',
  signersIdentical: 'One or more signers are identical',
  documentNeedsField: 'Document must have at least one field',
  documentNeedsRequiredField: 'Document must have at least one required field',
  fieldsWithoutSigner: 'Document has one or more fields without signer',
  currentUserNotSigner: 'Current user must be in document signers list',
  noFieldsForYou: 'You have no fields assigned to you',
  // Signers (section 5).
  onlySignerWarning: 'Are you the only signer? Please use Only Me option instead.',
  documentNeedsSigner: 'Document must have at least one signer',
  signersLimit: 'Signers list must contain at most 25 elements',
  signerEmptyLine: 'Empty line',
  signerNoName: 'Signer has no name',
  signerNoEmail: 'Signer has no email',
  signerDuplicated: 'Signer is duplicated',
  signerEmailInvalid: 'Email is invalid',
  meNowAttention:
    'Attention! You have chosen Me (Now) signer. All fields related to this signer have to be signed by you before document request sending.',
  // Not given by the specification: the Me (Now) fields must be signed before sending.
  preparerFieldsUnsigned: 'Sign every required field assigned to you before sending.',
  // Not given by the specification: an Only Me document lists no signer besides the preparer.
  onlyMeHasNoOtherSigners: 'An Only Me document has no other signers.',
  signerNotInDocument: 'The field is assigned to a signer of another document.',
  fieldNotInDocument: 'The field belongs to another document.',
  fieldPageOutOfRange: 'The field is on a page the document does not have.',
  fieldTooSmall: 'The field is smaller than its minimum size.',
  requisiteNotYours: 'Only your own saved signature can be placed in your own fields.',
  documentStillProcessing: 'The document is still being processed. Please wait until its files are ready.',
  documentFilesFailed: 'One or more files could not be converted. Remove them before sending.',
  allChangesLost: 'All changes will be lost',
  thanksForSending: 'Thanks for sending your document',
  templateReady: 'Your template is ready',
  documentSaved: 'Document successfully saved!',
  documentUpdated: 'Document successfully updated!',
  // Not given by the specification; worded here once for both sides.
  teamSeatsNeedCard: 'Your plan includes 3 users. Add a card on the billing page to add more team members.',
  tryAgain: 'Please try again.',
  teamNeedsBusiness: 'Team Management is a Business feature. Upgrade to Business to add team members.',
  inviteInvalid: 'This invitation is invalid or has expired. Ask your team administrator for a new one.',
  alreadyInAnotherTeam: 'This account already belongs to another team.',
  cannotInviteYourself: 'You are already in this team.',
  teamMemberNotFound: 'Team member not found',
  emailsIdentical: 'One or more emails are identical',
  fileTypeNotAllowed:
    'This file type is not supported. Use PDF, Word, Excel, PowerPoint, OpenDocument text, RTF, text, CSV, HTML or an image (PNG, JPG, GIF, BMP).',
  fileContentMismatch: 'The file content does not match its extension, so it cannot be used.',
  fileNameTooLong: 'File name must be at most 100 characters',
  fileMissing: 'Choose a file to upload',
  notAPdf: 'This file is not a PDF.',
  documentNotDraft: 'Only a draft document can be changed.',
  // Not given by the specification: a text with a control character (NUL and the like) is refused.
  controlCharacters: 'The text contains characters that cannot be used.',
  partNotFound: 'This file is not part of the document.',
  activeContentNotChoosable: 'This file has no scripts or automatic actions to keep or remove.',
  invalidCredentials: 'Incorrect email or password',
  tooManySignInAttempts: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
  linkInvalid: 'This link is invalid or has expired.',
  notFound: 'Not found',
  invalidJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request is too large.',
  tooManyRequests: 'Too many requests. Please try again later.',
  // Saved signatures (sections 2, 5 and 8).
  deleteSignatureConfirm: 'Are you sure you want to delete this signature?',
  deleteInitialConfirm: 'Are you sure you want to delete this initial?',
  // Not given by the specification.
  requisitePairRequired: 'A signature and its initials are saved together.',
  requisiteImageRequired: 'Add a signature image.',
  requisiteAccessCodeRequired: 'Enter the access code of the document first.',
  requisiteImageUnreadable: 'The image cannot be read. Use a PNG, JPG, BMP or GIF image.',
  // Signer page (section 4, Signing flow) and downloads (section 8).
  // Not given by the specification: the signer's rules, worded here once for both sides.
  accessCodeRequired: 'Enter the access code to open this document.',
  accessCodeIncorrect: 'The access code is incorrect.',
  tooManyAccessCodeAttempts: 'Too many wrong access codes. Please try again in 15 minutes.',
  // Issue 38: the recipient's identity check by a mailed or texted code. Every failed guess gets the same answer.
  identityCheckRequired: 'Confirm who you are with the code we sent you to open this document.',
  verificationCodeInvalid: 'This code cannot be accepted. Check it, or ask for a new code.',
  tooManyVerificationCodes: 'Too many codes were sent. Please try again in 15 minutes.',
  verificationCodeSent: 'A new code is on its way.',
  verificationPhoneRequired: 'Enter the phone number the SMS code goes to.',
  verificationPhoneInvalid: 'Enter a valid phone number with its country code, such as +33 6 12 34 56 78.',
  signingLinkInvalid: 'This signing link is not valid for this document.',
  notYourTurn: 'It is not your turn to sign yet: an earlier signer has not finished.',
  notYourField: 'This field is not assigned to you.',
  documentNotAwaiting: 'This document is not waiting for signatures.',
  signerAlreadyFinished: 'You have already signed this document.',
  requiredFieldsUnsigned: 'Fill in every required field before submitting.',
  // Field values (issue 37): what a signer's value must be, shown inline and answered by the server on submit.
  fieldNumberTooSmall: 'The number is below the smallest allowed',
  fieldNumberTooLarge: 'The number is above the largest allowed',
  fieldChoicesTooFew: 'Tick more options',
  fieldChoicesTooMany: 'Tick fewer options',
  attachmentNotForPreparer: 'Attachment fields are for the other signers: they attach their file when they sign',
  fieldNameInvalid: 'Use letters, digits, spaces, dots and underscores, starting with a letter',
  fieldPatternInvalid: 'This regular expression cannot be used',
  fieldRangeInvalid: 'The smallest value must not be above the largest',
  fieldChoicesMissing: 'Give every dropdown, radio and multiselect field at least one option',
  fieldChoiceCountInvalid: 'A multiselect cannot ask for more ticks than it has options',
  dateBeforeToday: 'The date must be today or later',
  requisiteInvalid: 'This signature cannot be used here.',
  stampUploadOnly: 'A stamp is an uploaded image.',
  // Document lists and actions (section 8 toasts).
  documentsDeleted: 'Documents deleted successfully.',
  remindersSent: 'Reminder(s) has been sent',
  documentShared: 'Document successfully sended to specified email(s).',
  copiedToClipboard: 'Copied to clipboard',
  copyFailed: 'Cannot copy to clipboard. Please try again.',
  notificationsDisabled: 'Notifications were disabled',
  filesDownloaded: 'Files successfully downloaded!',
  noFilesToDownload: 'No files to download',
  noActivities: 'There is no activities for this document yet.',
  // Not given by the specification; worded here once for both sides.
  shareNeedsRecipient: 'Add at least one e-mail address.',
  actionNeedsAwaiting: 'Only a document awaiting signatures allows this.',
  documentNotCompleted: 'Only a completed document can be shared.',
  signerNotNext: 'Only the first signer who has not signed yet can get a reminder or a signing link.',
  signerHasSigned: 'This signer has already signed.',
  // Bulk CSV (section 5): the limits' and the rows' sentences are the functions below. Not given by the
  // specification: the file's and the columns' problems, and a name that a spreadsheet would run as a formula.
  bulkCsvEmpty: 'The CSV file is empty.',
  bulkCsvNoRows: 'The CSV file has no rows below its header.',
  bulkCsvColumnsRequired: 'Choose the name column and the email column.',
  bulkCsvSameColumn: 'The name and email columns must be different.',
  signerNameFormula: 'Signer name must not start with =, +, - or @',
  // Bulk send (section 5): the template's rule and the sent answer are the specification's; a batch not found and a
  // retry's refusals are not.
  bulkSendOneSigner: 'The template must have only one signer besides the preparer',
  bulkSendCreated: 'Documents successfully created',
  bulkSendBatchNotFound: 'Bulk send not found',
  bulkSendStillSending: 'This bulk send is still being sent: wait until every row is sent or failed.',
  bulkSendNoFailedRows: 'This bulk send has no failed rows to send again.',
  // Templates (sections 4 and 8).
  templateSaved: 'Template saved',
  templateHasValidationErrors: 'Template has validation errors',
  templateDuplicated: 'Template successfully duplicated!',
  templateUpdated: 'Template successfully updated!',
  templateAddedToApi: 'Template successfully added to API!',
  templateRemovedFromApi: 'Template successfully removed from API!',
  templatesDeleted: 'Templates deleted successfully.',
  templatesNotInFreePlan: "You're on the free plan which doesn't include templates.",
  // The specification gives only 'includes one template' and 'upgrade to business for unlimited'.
  templateLimitOfPersonalPlan:
    "You're on the personal plan which includes one template. Upgrade to business for unlimited templates.",
  // Billing (spec part 2, sections 5 and 8).
  onlyDigitsAllowed: 'Only digits allowed',
  cardNumberLength: 'Card Number must be 15 or 16 digits',
  invalidDate: 'Invalid date',
  expirationInFuture: 'Expiration date must be in future',
  cvvLength: 'CVV must be 3 or 4 digits',
  postalCodeLength: 'Postal Code must be maximum 10 symbols',
  creditCardAdded: 'Credit card is added',
  cardDetailsUpdated: 'Card details updated',
  billingDetailsChanged: 'Billing details has been changed',
  planChanged: 'Plan has been successfully changed.',
  planUpdated: 'Plan is updated',
  subscriptionRemoved: 'Subscription successfully removed',
  subscriptionCreated: 'Subscription successfully created',
  appSumoUpgraded: 'You account has been upgraded successfully',
  userCreated: 'User created',
  noInvoices: "You don't have any invoices yet",
  // API keys (spec part 2, section 8).
  apiKeyCopied: 'API key successfully copied to clipboard',
  apiKeyRevoked: 'API key successfully revoked',
  apiKeyDeleted: 'API key successfully deleted',
  apiKeyRecovered: 'API key successfully recovered',
  noRequestHistory: 'There is no request history',
  noApiKeys: "You don't have any API keys yet.",
  // Not given by the specification: the developer API's own answers.
  apiKeyNotFound: 'API key not found',
  apiKeyUpdated: 'API key updated',
  apiKeyOriginInvalid: 'An origin is https://host[:port] (http only for localhost)',
  apiKeyInvalid: 'The API key is missing or not valid.',
  apiPlanNeeded: 'Choose an API plan (the free one included) before creating API keys.',
  apiQuotaExceeded: "You've reached your API plan's monthly limit of signature requests. Please upgrade your API plan.",
  apiFreePlanTestOnly:
    'The Free API plan includes test calls only: send with a test key (esk_test_), or choose a paid API plan (Gold, Platinum or Titanium) for live signature requests.',
  apiRateLimited: 'Too many requests for this API key. Please slow down.',
  apiTemplateNotFound: 'API template not found',
  idempotencyKeyReused: 'This Idempotency-Key was already used with another request body.',
  idempotencyKeyInvalid: 'An Idempotency-Key is 1 to 255 visible characters.',
  // Not given by the specification; worded here once for both sides.
  cardNumberInvalid: 'Card number is not valid',
  cardDeclined: 'Your card was declined.',
  cardExpired: 'Your card has expired.',
  cardRequired: 'Add a card before choosing a paid plan.',
  planUnchanged: 'This is already your plan.',
  lifetimeCannotCancel: 'A lifetime plan cannot be cancelled.',
  appSumoCodeFormat: 'The code is 10 letters, digits or underscores.',
  appSumoCodeInvalid: 'This code is not valid or has already been used.',
  appSumoCodeLimit: 'An account can redeem at most 2 codes.',
  billingBusy: "Another change to this account's plan is in progress. Please try again in a moment.",
  subscriptionNotFound: 'Subscription not found',
  invoiceNotFound: 'Invoice not found',
  seatsNotBusiness: 'Only a Business plan can add users.',
  surveyOtherRequired: 'Tell us where you heard of us',
  signUpCodeInvalid: 'The confirmation code is not valid.',
  paymentProviderFailed: 'The payment provider could not be reached. Please try again.',
  // Not given by the specification; worded here once for both sides.
  templateNotFound: 'Template not found',
  templateNotDraft: 'Only a draft template can be changed.',
  templateNotLive: 'Only a live template can be used.',
  templateNotActive: 'Only a live template can be added to the API.',
  templateNotInApi: 'This template is not in the API.',
  templateSignersPerRole: 'Give exactly one signer for each role of the template.',
  templateOneRoleForMe: 'Only Me needs a template with one role.',
  templateSignersAreRoles: "A template's signers are roles: change them with its roles.",
  templateNotSent: 'A template is not sent: make a document from it.',
  // Two-factor sign-in and Google sign-in (part 2 sections 4 and 8; part 1 section 4).
  phoneVerified: 'Phone number is verified',
  twoFactorDisabled: 'Two factor authorization disabled',
  googleAuthenticatorVerified: 'Google Authenticator successfully verified',
  googleAuthenticatorDisabled: 'Google Authenticator authorization disabled',
  accountCreated: 'Your account has been created.',
  phoneEmpty: 'Phone number should not be empty',
  // Not given by the specification; worded here once for both sides.
  smsCodeSent: 'We have texted you a code.',
  phoneInvalid: 'Enter the number with its country code, for example +15551234567.',
  twoFactorCodeInvalid: 'The code is incorrect or has expired.',
  twoFactorSessionInvalid: 'This sign-in has expired. Please sign in again.',
  tooManyTwoFactorAttempts: 'Too many wrong codes. Please sign in again in 15 minutes.',
  tooManySmsCodes: 'Too many codes were sent. Please try again in 15 minutes.',
  smsNotSent: 'The text message could not be sent. Please check the number and try again.',
  smsAlreadyOn: 'Two-factor sign-in by SMS is already on.',
  smsNotOn: 'Two-factor sign-in by SMS is not on.',
  authenticatorAlreadyOn: 'Google Authenticator is already on.',
  authenticatorNotOn: 'Google Authenticator is not on.',
  authenticatorNotSetUp: 'Set up Google Authenticator first.',
  googleTokenInvalid: 'Google sign-in failed. Please try again.',
  // Passkeys (issue 38): every failure reads the same.
  passkeyInvalid: 'The passkey could not be used. Please try again or use another way to sign in.',
  passkeyNotFound: 'Passkey not found',
  passkeyLimit: 'You have reached the maximum number of passkeys.',
  passwordIncorrect: 'The password is incorrect.',
  passkeyRemoved: 'Passkey removed',
  ssoFailed: 'Single sign-on did not work. Please try again, or ask the administrator of your account.',
  ssoRequired: 'Your organisation signs you in with single sign-on: use "Sign in with SSO".',
  ssoDomainTaken: 'A domain is already used by another account.',
  ssoIssuerRefused: 'The issuer URL is not valid or not allowed.',
  ssoClientSecretRequired: 'Enter the client secret.',
  ssoRemoved: 'Single sign-on removed',
  // Settings (sections 2, 5 and 8).
  noAccessToSettings:
    'Your account is part of a team account. Please contact with your team administrator to perform updates on these settings.',
  checkNewEmail: 'Check your new email to confirm it',
  // Not given by the specification: the server's side of 'The email field is disabled for roles other than user'.
  emailChangeNotForRole: "A team's owner and admins cannot change their e-mail address.",
  pictureUploaded: 'New picture has been uploaded',
  pictureRemoved: 'Picture has been removed',
  profileUpdated: 'Profile information updated.',
  accountDeleted: 'Account Deleted.',
  fileFormatNotCorrect: 'File format is not correct',
  // Team (sections 4 and 8).
  invitesSent: 'Invites sent successfully',
  memberUpgraded: 'Team member successfully upgraded to admin.',
  memberDowngraded: 'Team member successfully downgraded to user.',
  memberDeleted: 'Team member deleted successfully',
  inviteAccepted: 'Invite accepted.',
  // Not given by the specification; worded here once for both sides.
  avatarTooLarge: 'The picture must be at most 5 MB.',
  emailUnchanged: 'This is already your email address.',
  emailChanged: 'Your email address has been changed.',
  emailTaken: 'This email address is already used by another account.',
  // Company branding (part 2 sections 2, 5 and 8).
  companySaved: 'Company information successfully saved',
  urlShouldStartWithHttp: 'url should start with https:// or http://',
  atLeastOneSignatureType: 'At least one signature available type must be active',
  // Not given by the specification; worded here once for both sides.
  companyBusinessOnly:
    'Custom Business Branding is a Business feature. Upgrade to Business to save company information.',
  signatureTypeNotAllowed: 'This signature type is not available for this document.',
  // Forms (part 2 sections 2 to 5 and 8).
  formDisabled: 'Form successfully disabled!',
  formEnabled: 'Form successfully enabled!',
  formsDeleted: 'Forms deleted successfully.',
  formSaved: 'Form saved',
  formReady: 'Your form is ready',
  formHasValidationErrors: 'Form has validation errors',
  // Not given by the specification; worded here once for both sides.
  formNotFound: 'Form not found',
  formNotAvailable: 'This form is not available',
  formNotLive: 'Only a live form can be disabled.',
  formNotDisabled: 'Only a disabled form can be enabled.',
  formClosedForNow: 'This form cannot take submissions right now. Please try again later.',
  tooManyFormSubmissions: 'Too many submissions. Please try again in a minute.',
  formSignersFixed: "A form's signers are 'Me (Now)' and 'SIGNER': they do not change.",
  // The spec's last texts (issue 41, item 11), each where the spec puts it.
  /** Part 1, section 4: a template saved with validation errors stays a draft; its requirements are listed. */
  templateSavedWithErrors: 'Template saved.',
  /** Part 1, section 8's toasts: a public form's link copied from the forms list. */
  copiedInClipboard: 'Copied in clipboard',
  /** Part 1, section 8's toasts: a public form submitted (the document made for its visitor). */
  documentSubmitted: 'Document submitted.',
  /** Part 1, section 2: the preparer as the editor offers it ('Choosing the Me (now) signer'). */
  meNowSigner: 'Me (now)',
  /** Part 1, section 6: beside a signer who is neither the current user nor the preparer. */
  sendViaEmail: '(Send via email)',
  /** Part 1, section 8's toasts: a public form's request that got no answer from the server. */
  somethingWentWrongPleaseComma: 'Something went wrong. Please, try again.',
  /** Part 1, section 8: the sign-up's prepare step answered without the account it prepared. */
  somethingWentWrongPlease: 'Something went wrong. Please try again.',
  /** Part 1, section 8: the sign-up's prepare step failed in a way that names no field. */
  somethingWentWrongComma: 'Something went wrong, please try again.',
  // Issue 36 (roles and steps): not the spec's; the server's answers to what only some roles may do.
  fieldsOnlyForSigners: 'Only signers can have fields: approvers, viewers and CC recipients have none',
  notYourRoleAction: 'Your role on this document does not include this action.',
  alreadyRejected: 'You have already rejected this document.',
  documentNeedsActingRecipient: 'Document needs at least one recipient who signs, approves or views',
  // A sent document's signers changed (issue 36): a correction, a reassignment, a signing in person.
  signerAlreadySignedCannotChange: 'This signer has already signed: they can no longer be changed.',
  reassignNotAllowed: 'The sender does not allow this document to be reassigned.',
  tooManyReassignments: 'This document was reassigned too many times today. Please try again tomorrow.',
  inPersonOnlyAwaiting: 'Only a signer of a document waiting for signatures can sign in person.',
  // Not given by the specification: the life of a sent document (issue 36, documents/lifecycle.ts).
  /** A reason (decline, void, reject, reassign: `reasonText` in validation/inputs.ts): required, at most 500 characters. */
  reasonTooLong: 'The reason can be at most 500 characters long.',
  expiryDateInvalid: 'Choose an expiry date from today up to one year ahead.',
  expiryDaysInvalid: 'Choose a default expiry from 1 to 365 days, or none.',
  expiryNeedsDraftOrAwaiting: 'Only a draft, a document awaiting signatures or an expired one can get an expiry date.',
  documentNotEnded: 'Only a declined, voided or expired document can be copied into a new draft.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** 'Signer "{name}" ({email}) has no fields assigned' (Me and Others). */
export function signerHasNoFieldsMessage(signer: { name: string; email: string }): string {
  return `Signer "${signer.name}" (${signer.email}) has no fields assigned`;
}

/** 'Signer/Role {..} has no fields assigned' (Others, templates and forms). */
export function signerOrRoleHasNoFieldsMessage(label: string): string {
  return `Signer/Role ${label} has no fields assigned`;
}

/** The quota-exceeded sentence of the upgrade modal (section 8). */
export function quotaExceededMessage(limit: number): string {
  return `You've reached your limit of ${limit} signature requests this month. Please upgrade your account to request more signatures.`;
}

/** The upgrade-for-templates sentence of a plan whose template limit is reached (section 8). */
export function templateQuotaMessage(planType: 'free' | 'personal' | 'business', limit: number): string {
  if (planType === 'free' || limit === 0) return MESSAGES.templatesNotInFreePlan;
  if (limit === 1) return MESSAGES.templateLimitOfPersonalPlan;
  return `You've reached your limit of ${limit} templates. Upgrade to business for unlimited templates.`;
}

/** Maximum length message for a bound the spec names (100 or 50). */
export function maxLengthMessage(max: 100 | 50): string {
  return max === 100 ? MESSAGES.maxLength100 : MESSAGES.maxLength50;
}

/** A signer's date field holds a date that does not read in the field's format. */
export function dateFormatInvalidMessage(format: string): string {
  return `Enter the date in the format ${format}`;
}

/** Bulk CSV (sections 5 and 9): 'Maximum number of rows is N', N counting the header row. */
export function maxRowsMessage(max: number): string {
  return `Maximum number of rows is ${max}`;
}

/** Bulk CSV (sections 5 and 9): 'Maximum number of columns is N'. */
export function maxColumnsMessage(max: number): string {
  return `Maximum number of columns is ${max}`;
}

/** Bulk CSV (section 5): 'Row N: message', N being the row's number in the spreadsheet (data index plus 2). */
export function csvRowMessage(row: number, message: string): string {
  return `Row ${row}: ${message}`;
}

/** Not given by the specification: a quoted CSV value is never closed, or text follows its closing quote. */
export function csvQuotesMessage(row: number): string {
  return csvRowMessage(row, 'a quoted value is not closed, or text follows its closing quotation mark');
}
