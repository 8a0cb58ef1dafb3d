import type { Document } from '@esign/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { prefetchPdf } from '../pdf/pdf-loader';
import { editorEarlyLoad } from './early-load';

let isHandedOver = false;

/**
 * Hands the editor's early answers (early-load.ts, when the page was opened at the editor) to the query cache, where
 * the screens read them. What the early worker could not fetch is asked for here, through the API client.
 */
export function prefetchEditor(queryClient: QueryClient, pathname: string): void {
  const early = editorEarlyLoad(pathname);
  if (early === null || isHandedOver) return;
  isHandedOver = true;
  const { documentId, answer } = early;
  const document = answer.then(
    (loaded) => (loaded?.document as Document | undefined) ?? apiCall('getDocument', { params: { id: documentId } }),
  );
  void queryClient
    .fetchQuery({ queryKey: queryKeys.documents.detail(documentId), queryFn: () => document })
    .then(async ({ pdfFileKey: key }) => {
      if (key === null) return;
      await queryClient.fetchQuery({
        queryKey: queryKeys.signedUrl(key),
        queryFn: async () => {
          const loaded = await answer;
          if (loaded?.url) return { url: loaded.url };
          const found = await apiCall('getSignedUrl', { body: { key } });
          prefetchPdf(found.url);
          return found;
        },
      });
    })
    // The screens load what failed here again, and show the error themselves.
    .catch(() => undefined);
}
