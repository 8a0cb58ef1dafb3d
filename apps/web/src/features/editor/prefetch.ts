import type { Document } from '@esign/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { getAccessToken } from '../../api/tokens';
import { loadPdfjs, prefetchPdf } from '../pdf/pdf-loader';
import { signedUrlKey } from '../pdf/use-pdf-document';
import { documentKey } from '../upload/api';
import type { EarlyLoadAnswer, EarlyLoadRequest } from './early-load.worker';

const EDITOR_PATH = /^\/documents\/([0-9a-f-]{36})\/edit$/i;

interface EarlyAnswers {
  documentId: string;
  document: Promise<Document>;
  signedUrl: Promise<{ url: string } | null>;
}

let early: EarlyAnswers | null = null;
let isHandedOver = false;

/** Runs the early chain of requests in its worker (see early-load.worker.ts); null if that fails. */
function earlyLoad(request: EarlyLoadRequest): Promise<EarlyLoadAnswer> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./early-load.worker.ts', import.meta.url), { type: 'module', name: 'early' });
    const finish = (answer: EarlyLoadAnswer) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event: MessageEvent<EarlyLoadAnswer>) => finish(event.data);
    worker.onerror = () => finish(null);
    worker.postMessage(request);
  });
}

/**
 * Opened straight at the editor (a link or a reload), called before the app's modules are evaluated
 * (start-early-loads.ts): the document, the PDF's signed URL and the PDF itself are fetched by a worker (none of
 * its requests waits for the busy main thread), while pdf.js, its worker and the editor's code load. What the
 * worker could not fetch is asked for through the API client.
 */
export function startEditorPrefetch(pathname: string): void {
  const documentId = EDITOR_PATH.exec(pathname)?.[1];
  const accessToken = getAccessToken();
  if (documentId === undefined || accessToken === null || early !== null) return;
  const answer = typeof Worker === 'undefined' ? Promise.resolve(null) : earlyLoad({ documentId, accessToken });
  void loadPdfjs();
  const document = answer.then(
    (early) => (early?.document as Document | undefined) ?? apiCall('getDocument', { params: { id: documentId } }),
  );
  const signedUrl = answer.then(async (early) => {
    if (early?.url) return { url: early.url };
    const { pdfFileKey: key } = await document;
    return key === null ? null : apiCall('getSignedUrl', { body: { key } });
  });
  // The screens load what failed here again, and show the error themselves.
  Promise.all([answer, signedUrl])
    .then(([early, found]) => found && prefetchPdf(found.url, early?.pdf ?? undefined))
    .catch(() => undefined);
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
