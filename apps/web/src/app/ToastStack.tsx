import { TOAST_AUTO_CLOSE_MS } from '@esign/shared';
import { Notifications } from '@mantine/notifications';
import './toast-stack.css';

/** Mantine's toast stack with the app's settings (spec section 9: toasts close after six seconds). */
export function ToastStack() {
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" />;
}
