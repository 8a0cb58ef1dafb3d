/** The routes of a sent document's life besides completion (issue 36): decline, void, expiry, a copy of an ended one. */
export const LIFECYCLE_ROUTES = {
  declineDocument: { method: 'POST', path: '/document_sign/documents/:id/signers/:signerId/decline' },
  voidDocument: { method: 'POST', path: '/documents/:id/void' },
  setDocumentExpiry: { method: 'PATCH', path: '/documents/:id/expiry' },
  resendEndedDocument: { method: 'POST', path: '/documents/:id/resend_copy' },
  operatorExpirySweep: { method: 'POST', path: '/operator/documents/expiry-sweep' },
} as const;
