import { useQuery } from '@tanstack/react-query';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { apiCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { openPdf } from './pdf-loader';

/** A signed URL of a file the user may see (valid for an hour; refetched before that). */
export function useSignedUrl(fileKey: string | null) {
  return useQuery({
    queryKey: queryKeys.signedUrl(fileKey),
    queryFn: ({ signal }) => apiCall('getSignedUrl', { body: { key: fileKey ?? '' }, signal }),
    enabled: fileKey !== null,
    staleTime: 30 * 60_000,
    select: (answer) => answer.url,
  });
}

/** The PDF at a URL, opened with pdf.js; destroyed when the URL or the component goes. */
export function usePdfAtUrl(url: string | null): { pdf: PDFDocumentProxy | null; error: unknown } {
  const [state, setState] = useState<{ pdf: PDFDocumentProxy | null; error: unknown }>({ pdf: null, error: null });

  useEffect(() => {
    if (url === null) return;
    let isCurrent = true;
    let opened: PDFDocumentProxy | null = null;
    openPdf(url).then(
      (pdf) => {
        opened = pdf;
        if (isCurrent) setState({ pdf, error: null });
        else void pdf.destroy();
      },
      (error: unknown) => {
        if (isCurrent) setState({ pdf: null, error });
      },
    );
    return () => {
      isCurrent = false;
      setState({ pdf: null, error: null });
      void opened?.destroy();
    };
  }, [url]);

  return state;
}

/** The PDF of a stored file, read through a signed URL. */
export function usePdfDocument(fileKey: string | null): { pdf: PDFDocumentProxy | null; error: unknown } {
  const signedUrl = useSignedUrl(fileKey);
  const state = usePdfAtUrl(signedUrl.data ?? null);
  return signedUrl.error ? { pdf: null, error: signedUrl.error } : state;
}
