import { useCallback } from 'react';
import { useTranslation } from '.';
import { translateMessage } from './translate-message';

/** translateMessage bound to the current language. */
export function useTranslateMessage(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback((text: string) => translateMessage(text, t), [t]);
}
