import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PREFIX } from '@esign/shared';

/**
 * Share links of completed documents: the document id with an HMAC over it, so a link needs no stored token and
 * stops working when the document is deleted (the download checks the document each time).
 */
export function shareLinks(secret: string, appUrl: string) {
  const sign = (documentId: string) =>
    createHmac('sha256', secret).update(`share:${documentId}`).digest('base64url').slice(0, 43);
  return {
    link: (documentId: string) => `${appUrl}${API_PREFIX}/shared/${documentId}/${sign(documentId)}`,
    isValid(documentId: string, signature: string): boolean {
      const expected = Buffer.from(sign(documentId));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type ShareLinks = ReturnType<typeof shareLinks>;
