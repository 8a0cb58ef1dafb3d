import { TOAST_AUTO_CLOSE_MS } from '@esign/shared';
import { notifications } from '@mantine/notifications';
import { t } from '../i18n';
import { translateMessage } from '../i18n/translate-message';
import { errorToastText } from './api-error';

/** The toast's close button has a name for screen readers. */
const closeButton = () => ({ 'aria-label': t('common.close') });

export function notifyError(error: unknown): void {
  const text = errorToastText(error);
  if (text === null) return;
  notifications.show({
    color: 'red',
    message: translateMessage(text, t),
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
