import type { Document } from '@esign/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { loadPdfjs, prefetchPdf } from '../pdf/pdf-loader';
import { signedUrlKey } from '../pdf/use-pdf-document';
import { documentKey } from '../upload/api';

const EDITOR_PATH = /^\/documents\/([0-9a-f-]{36})\/edit$/i;

interface EarlyAnswers {
  documentId: string;
  document: Promise<Document>;
  signedUrl: Promise<{ url: string } | null>;
}

let early: EarlyAnswers | null = null;
let isHandedOver = false;

/**
 * Opened straight at the editor (a link or a reload), called before the app's first render: the editor's code,
 * pdf.js and its worker, the document, the PDF's signed URL and the PDF itself are asked for at once, instead of one
 * after the other as the app and then the screens mount.
 */
export function startEditorPrefetch(pathname: string): void {
  const documentId = EDITOR_PATH.exec(pathname)?.[1];
  if (documentId === undefined || early !== null) return;
  // The worker first: it is the longest to boot, and the browser has only a few connections to the server.
  void loadPdfjs();
  void import('./EditorPage');
  const document = apiCall('getDocument', { params: { id: documentId } });
  const signedUrl = document.then(({ pdfFileKey: key }) =>
    key === null ? null : apiCall('getSignedUrl', { body: { key } }),
  );
  // The screens load what failed here again, and show the error themselves.
  signedUrl.then((answer) => answer && prefetchPdf(answer.url)).catch(() => undefined);
  early = { documentId, document, signedUrl };
}

/** Hands the early answers to the query cache, where the screens read them (started here if not yet). */
export function prefetchEditor(queryClient: QueryClient, pathname: string): void {
  startEditorPrefetch(pathname);
  const answers = early;
  if (answers === null || isHandedOver) return;
  isHandedOver = true;
  void queryClient
    .fetchQuery({ queryKey: documentKey(answers.documentId), queryFn: () => answers.document })
    .then(async ({ pdfFileKey: key }) => {
      if (key === null) return;
      await queryClient.fetchQuery({
        queryKey: signedUrlKey(key),
        queryFn: async () => {
          const answer = await answers.signedUrl;
          if (answer === null) throw new Error('The document has no PDF');
          return answer;
        },
      });
    })
    .catch(() => undefined);
}
