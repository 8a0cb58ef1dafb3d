import { MESSAGES, type MessageKey } from '@esign/shared';

const KEY_BY_TEXT = new Map<string, MessageKey>(
  (Object.entries(MESSAGES) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

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
