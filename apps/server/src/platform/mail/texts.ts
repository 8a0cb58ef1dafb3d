import type { Language } from '@esign/shared';
import { en } from './texts.en.js';
import { signerTexts } from './texts.signer.js';

/**
 * Every mail's subject and sentences come from one catalogue, by dotted key (`completed.subject`), with
 * `{{name}}` placeholders as in the web app's catalogue. English is the source (texts.en.ts); the mails a signer
 * gets also come in the document's language (`signerMailText`, texts.signer.ts: tables of `SignerMailTexts`).
 */
type Catalogue = typeof en;

/** The shape a language's table has: the English table's, with any wording. */
export type MailTexts = { readonly [Group in keyof Catalogue]: { readonly [Key in keyof Catalogue[Group]]: string } };

export type MailTextKey = {
  [Group in keyof Catalogue & string]: `${Group}.${keyof Catalogue[Group] & string}`;
}[keyof Catalogue & string];

type TextOf<Key extends MailTextKey> = Key extends `${infer Group extends keyof Catalogue}.${infer Name}`
  ? Name extends keyof Catalogue[Group]
    ? Catalogue[Group][Name]
    : never
  : never;

/** The names of a text's `{{placeholders}}`. */
type PlaceholdersOf<Text> = Text extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

/** A text's values: one string per placeholder of its English wording, and none for a text without any. */
type ValuesArgument<Key extends MailTextKey> = [PlaceholdersOf<TextOf<Key>>] extends [never]
  ? []
  : [values: Record<PlaceholdersOf<TextOf<Key>>, string>];

const texts: MailTexts = en;

/** The groups of the mails a signer gets, which come in the document's language. */
export const SIGNER_MAIL_GROUPS = ['common', 'signerInvitation', 'completed', 'signerSigned'] as const;
type SignerGroup = (typeof SIGNER_MAIL_GROUPS)[number];
export type SignerMailTexts = Pick<MailTexts, SignerGroup>;
type SignerMailTextKey = Extract<MailTextKey, `${SignerGroup}.${string}`>;

function fill(wording: string, values: Record<string, string> | undefined): string {
  const given: Record<string, string> = values ?? {};
  return wording.replace(
    /\{\{(\w+)\}\}/g,
    (placeholder, placeholderName: string) => given[placeholderName] ?? placeholder,
  );
}

/**
 * A mail text with its placeholders filled. Values go in as they are, in one pass over the wording (a title that
 * reads `{{sender}}` stays as it is); HTML escaping is renderMail's.
 */
export function mailText<Key extends MailTextKey>(key: Key, ...[values]: ValuesArgument<Key>): string {
  const [group, name] = key.split('.') as [keyof MailTexts, string];
  return fill((texts[group] as Record<string, string>)[name] ?? key, values);
}

/** A signer's mail text in the document's language (null: English), with its placeholders filled as mailText's. */
export function signerMailText<Key extends SignerMailTextKey>(
  language: Language | null,
  key: Key,
  ...[values]: ValuesArgument<Key>
): string {
  if (language === null || language === 'en') return mailText(key, ...([values] as ValuesArgument<Key>));
  const [group, name] = key.split('.') as [SignerGroup, string];
  return fill((signerTexts[language][group] as Record<string, string>)[name] ?? key, values);
}
