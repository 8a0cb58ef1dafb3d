/** The routes of a sent document's life besides completion (issue 36): decline, void, expiry, a copy of an ended one. */
export const LIFECYCLE_ROUTES = {
  declineDocument: { method: 'POST', path: '/document_sign/documents/:id/signers/:signerId/decline' },
  voidDocument: { method: 'POST', path: '/documents/:id/void' },
  setDocumentExpiry: { method: 'PATCH', path: '/documents/:id/expiry' },
  resendEndedDocument: { method: 'POST', path: '/documents/:id/resend_copy' },
  operatorExpirySweep: { method: 'POST', path: '/operator/documents/expiry-sweep' },
  // Retention and erasure (issue 39).
  getRetention: { method: 'GET', path: '/user/retention' },
  updateRetention: { method: 'PUT', path: '/user/retention' },
  setLegalHold: { method: 'PUT', path: '/documents/:id/legal_hold' },
  erasePerson: { method: 'POST', path: '/user/erasures' },
  operatorRetentionSweep: { method: 'POST', path: '/operator/documents/retention-sweep' },
} as const;
