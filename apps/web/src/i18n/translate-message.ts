import { type MessageKey, SIGNER_MESSAGES } from '@esign/shared';

/**
 * The MESSAGES key of each English sentence known so far: the signer's (SIGNER_MESSAGES) from the first load, every
 * other once the logged-out pages' texts are loaded (`loadPublicTexts` adds MESSAGES with them), so a signer's link
 * does not carry the whole table. A sentence not known yet is shown as it is, in English, as it would be anyway.
 */
const KEY_BY_TEXT = new Map<string, MessageKey>();
addMessageKeys(SIGNER_MESSAGES);

/** Makes `messages`' sentences known by their text. */
export function addMessageKeys(messages: Readonly<Partial<Record<MessageKey, string>>>): void {
  for (const [key, text] of Object.entries(messages) as [MessageKey, string][]) KEY_BY_TEXT.set(text, key);
}

/** The MESSAGES key of an English sentence from the server or a shared schema, if it is one. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return KEY_BY_TEXT.get(text);
}

type Translate = (key: `messages.${MessageKey}`) => string;

/**
 * Maps an English message (server answer or zod issue) back to its MESSAGES key and
 * returns the translation of that key; any other text is returned as it is.
 */
export function translateMessage(text: string, translate: Translate): string {
  const key = messageKeyOf(text);
  return key === undefined ? text : translate(`messages.${key}`);
}
