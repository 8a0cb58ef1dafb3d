import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { setSignAccessToken } from '../../api/client';

const storageKey = (documentId: string) => `esign.signAccessToken.${documentId}`;

/** The token this tab keeps for the document's signer page, if any. */
export function storedSignToken(documentId: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(documentId));
  } catch {
    return null;
  }
}

/** Keeps a token for the document's signer page in this tab, so it opens without the token in its address. */
export function rememberSignToken(documentId: string, token: string): void {
  try {
    sessionStorage.setItem(storageKey(documentId), token);
  } catch {
    // Without storage the page is opened with the token in its address instead (see PublicFormPage).
  }
}

/** Forgets the tab's token of the document (an in-person signing's single-use link, once used). */
export function forgetSignToken(documentId: string): void {
  try {
    sessionStorage.removeItem(storageKey(documentId));
  } catch {
    // Without storage nothing was kept.
  }
}

/**
 * The signing link's token: taken from the link (`signAccessToken`), kept in this tab's session storage so a
 * reload keeps working, and put on every API call while the page is open.
 */
export function useSignToken(documentId: string): string | null {
  const [params] = useSearchParams();
  const fromLink = params.get('signAccessToken');
  const [token] = useState(() => {
    const found = fromLink ?? storedSignToken(documentId);
    // Set at once (not in an effect), so the first queries of the page already carry it.
    setSignAccessToken(found);
    return found;
  });

  useEffect(() => {
    if (token === null) return;
    try {
      sessionStorage.setItem(storageKey(documentId), token);
    } catch {
      // Storage may be unavailable (private mode): the token still works for this page.
    }
    setSignAccessToken(token);
    return () => setSignAccessToken(null);
  }, [documentId, token]);

  return token;
}
