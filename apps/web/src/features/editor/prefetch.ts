import { type Document, getDocument, getSignedUrl } from '@esign/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { loadPdfjs, prefetchPdf } from '../pdf/pdf-loader';
import { signedUrlKey } from '../pdf/use-pdf-document';
import { documentKey, pathWithId } from '../upload/api';

const EDITOR_PATH = /^\/documents\/([0-9a-f-]{36})\/edit$/i;

/**
 * Opened straight at the editor: its code, pdf.js and its worker are asked for before the app's first render (they
 * need no data), and pdf.js does not wait for the editor's code, which would ask for it only once it has run.
 */
export function prefetchEditorCode(pathname: string): void {
  if (!EDITOR_PATH.test(pathname)) return;
  void import('./EditorPage');
  void loadPdfjs();
}

/**
 * Opened straight at the editor (a link or a reload): its code, the document, the PDF's signed URL and the PDF
 * itself are fetched at once, side by side with the user, instead of one after the other as the screens mount.
 */
export function prefetchEditor(queryClient: QueryClient, pathname: string): void {
  const documentId = EDITOR_PATH.exec(pathname)?.[1];
  if (documentId === undefined) return;
  prefetchEditorCode(pathname);
  const queryKey = documentKey(documentId);
  void queryClient
    .fetchQuery({
      queryKey,
      queryFn: ({ signal }) => apiCall(getDocument, { path: pathWithId(getDocument.path, documentId), signal }),
    })
    .then(async (document: Document) => {
      const key = document.pdfFileKey;
      if (key === null) return;
      const answer = await queryClient.fetchQuery({
        queryKey: signedUrlKey(key),
        queryFn: ({ signal }) => apiCall(getSignedUrl, { body: { key }, signal }),
      });
      prefetchPdf(answer.url);
    })
    // The screens load what failed here again, and show the error themselves.
    .catch(() => undefined);
}
