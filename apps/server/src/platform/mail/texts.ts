import type { Language, MailTexts, SignerMailGroup } from '@esign/shared';
import { MAILS, SIGNER_MAILS } from '@esign/shared/i18n/mails';

/**
 * Every mail's subject and sentences come from one catalogue, by dotted key (`completed.subject`), with
 * `{{name}}` placeholders as in the web app's texts: each language's file in `packages/shared/src/i18n` (`mails`).
 * English is the source and has every mail; the mails a signer gets (`SIGNER_MAIL_GROUPS`) also come in the
 * document's language (`signerMailText`).
 */
type Catalogue = typeof MAILS;

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

const texts: MailTexts = MAILS;

type SignerMailTextKey = Extract<MailTextKey, `${SignerMailGroup}.${string}`>;

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
  const [group, name] = key.split('.') as [SignerMailGroup, string];
  return fill((SIGNER_MAILS[language][group] as Record<string, string>)[name] ?? key, values);
}
