import { forgetSignToken } from './use-sign-token';

/** After an in-person signing: the single-use link is forgotten in this tab and the sender gets their document back. */
export function returnToSender(documentId: string): void {
  forgetSignToken(documentId);
  window.location.assign(`/documents/${documentId}/preview`);
}
