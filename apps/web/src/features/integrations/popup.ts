import {
  INTEGRATION_TYPES,
  type IntegrationPopupMessage,
  type IntegrationType,
  integratedMessage,
  MESSAGES,
} from '@esign/shared';
import { apiCall } from '../../api/client';
import { notifyFailure, notifySuccess } from '../../api/notify';

const POPUP_FEATURES = 'popup,width=600,height=720';
/** How long a popup seen closed is waited for its message (posted just before it closed). */
const CLOSED_GRACE_MS = 1_500;

/** Reads the authorisation window's result from the /integrations address it came back to. */
export function popupResult(search: URLSearchParams): IntegrationPopupMessage | null {
  const status = search.get('status');
  if (status !== 'success' && status !== 'error') return null;
  const type = search.get('type');
  return {
    source: 'esign-integration',
    status,
    type: INTEGRATION_TYPES.includes(type as IntegrationType) ? (type as IntegrationType) : null,
    error: search.get('error'),
    errorDescription: search.get('error_description'),
  };
}

export const isPopupMessage = (data: unknown): data is IntegrationPopupMessage =>
  typeof data === 'object' && data !== null && (data as { source?: unknown }).source === 'esign-integration';

/**
 * Opens the service's authorisation in a popup (opened at once, within the click, so it is not blocked; its address
 * is set when the server answers) and waits for the message the popup posts back to this window. Answers null when
 * the popup is closed without one.
 */
export async function authorizeInPopup(type: IntegrationType): Promise<IntegrationPopupMessage | null> {
  const popup = window.open('about:blank', `esign-integration-${type}`, POPUP_FEATURES);
  try {
    const { url } = await apiCall('integrationAuthUrl', { query: { type } });
    if (popup === null) {
      // Popups blocked: the authorisation takes this window, and /integrations reads the result when it returns.
      window.location.assign(url);
      return null;
    }
    popup.location.href = url;
  } catch (error) {
    popup?.close();
    throw error;
  }
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isPopupMessage(event.data)) return;
      finish(event.data);
    };
    // The popup posts its result and then closes itself: seen closed, it is given a moment for a message still on
    // its way to this window before the wait ends without one.
    let lastCall: number | undefined;
    const watch = window.setInterval(() => {
      if (popup.closed && lastCall === undefined) lastCall = window.setTimeout(() => finish(null), CLOSED_GRACE_MS);
    }, 500);
    function finish(result: IntegrationPopupMessage | null) {
      window.removeEventListener('message', onMessage);
      window.clearInterval(watch);
      window.clearTimeout(lastCall);
      resolve(result);
    }
    window.addEventListener('message', onMessage);
  });
}

/** The toast of an authorisation's result (spec part 2, section 8). */
export function announceResult(result: IntegrationPopupMessage) {
  if (result.status === 'success' && result.type) notifySuccess(integratedMessage(result.type));
  else if (result.status === 'error') {
    notifyFailure(
      result.error === 'access_denied'
        ? MESSAGES.accessDenied
        : (result.errorDescription ?? result.error ?? MESSAGES.somethingWentWrong),
    );
  }
}
