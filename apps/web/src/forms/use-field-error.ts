import { useTranslateMessage } from '../i18n/use-translate-message';

/** Turns a field's error (an English message from zod or the server) into the text to show. */
export function useFieldError(): (message: string | undefined) => string | undefined {
  const translate = useTranslateMessage();
  return (message) => (message === undefined ? undefined : translate(message));
}
