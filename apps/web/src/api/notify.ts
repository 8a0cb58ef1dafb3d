import { TOAST_AUTO_CLOSE_MS } from '@esign/shared';
import { notifications } from '@mantine/notifications';
import { t } from '../i18n';
import { translateMessage } from '../i18n/translate-message';
import { errorToastText, isApiError } from './api-error';

/** The toast's close button has a name for screen readers. */
const closeButton = () => ({ 'aria-label': t('common.close') });

/**
 * The translated text an error shows (in a toast or in place); null for none (401). A call that got no answer says
 * that the server could not be reached, not that something went wrong.
 */
export function errorMessage(error: unknown): string | null {
  const text = errorToastText(error);
  if (text === null) return null;
  if (isApiError(error) && error.code === 'NETWORK_ERROR') return t('common.networkError');
  return translateMessage(text, t);
}

export function notifyError(error: unknown): void {
  const message = errorMessage(error);
  if (message === null) return;
  notifications.show({
    color: 'red',
    message,
    autoClose: TOAST_AUTO_CLOSE_MS,
    closeButtonProps: closeButton(),
  });
}

/** An error toast with a fixed text (an English spec message, translated here). */
export function notifyFailure(message: string): void {
  notifications.show({
    color: 'red',
    message: translateMessage(message, t),
    autoClose: TOAST_AUTO_CLOSE_MS,
    closeButtonProps: closeButton(),
  });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: TOAST_AUTO_CLOSE_MS, closeButtonProps: closeButton() });
}

export function notifyInfo(message: string): void {
  notifications.show({ color: 'blue', message, autoClose: TOAST_AUTO_CLOSE_MS, closeButtonProps: closeButton() });
}
