/**
 * The routes of a document's life after sending (issue 36): the sender corrects a pending signer, allows
 * reassignment and hosts a signing in person; a signer hands their part on. Spread into `ROUTES`.
 */
export const RECIPIENT_ROUTES = {
  updateRecipient: { method: 'PATCH', path: '/documents/:id/signers/:signerId' },
  setReassignment: { method: 'PATCH', path: '/documents/:id/reassignment' },
  startInPersonSigning: { method: 'POST', path: '/documents/:id/signers/:signerId/in_person' },
  reassignSigner: { method: 'POST', path: '/document_sign/documents/:id/signers/:signerId/reassign' },
} as const;
