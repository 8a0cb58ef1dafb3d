import type { en, mails } from './en.js';

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/**
 * A translation of the web app's texts in ./en.ts (`en`): every key of it but the spec's `messages` (its exact
 * sentences stay as the spec words them, in English). A language may add plural variants English lacks (`_few`,
 * `_many`); a language's file declares its table as a constant and exports it `satisfies Translations`, so a missing
 * key fails the typecheck as well as catalogue.test.ts.
 */
export type Translations = Shape<Omit<typeof en, 'messages'>>;

/** The shape a language's mail table has: the English table's (`mails` in ./en.ts), with any wording. */
export type MailTexts = Shape<typeof mails>;

/** The groups of the mails a signer gets, which come in the document's language; the owner's mails are English. */
export const SIGNER_MAIL_GROUPS = [
  'common',
  'signerInvitation',
  'recipientInvitation',
  'completed',
  'signerSigned',
  // The life of a sent document (issue 36).
  'signerLifecycle',
  // The retention rule's summary to the owner (issue 39), in the language of the documents it removed.
  'retention',
  // The identity check's code (issue 38).
  'signerVerification',
] as const;
export type SignerMailGroup = (typeof SIGNER_MAIL_GROUPS)[number];
/** A language's mails (`mails` in its file): the signer groups of the English mail table. */
export type SignerMailTexts = Pick<MailTexts, SignerMailGroup>;
