import { API_PREFIX, ROUTES } from '@esign/shared';
import { routeUrl } from '../../api/route-url';

/**
 * Opened straight at the editor, the document, its PDF's signed URL and the PDF's bytes are fetched here, one after
 * the other, off the main thread: the main thread is busy starting the app meanwhile, and each step would otherwise
 * wait for it. Any failure (an expired token, say) answers `null`: the screens then ask again through the API
 * client, which refreshes tokens and shows errors.
 */
export interface EarlyLoadRequest {
  documentId: string;
  accessToken: string;
}

export type EarlyLoadAnswer = { document: unknown; url: string | null; pdf: ArrayBuffer | null } | null;

/** The worker's own scope (the project's types are the window's). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<EarlyLoadRequest>) => void) | null;
  postMessage(message: EarlyLoadAnswer, transfer: Transferable[]): void;
};

async function call(route: (typeof ROUTES)[keyof typeof ROUTES], path: string, token: string, body?: unknown) {
  const response = await fetch(`${API_PREFIX}${path}`, {
    method: route.method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route.method} ${route.path}: ${response.status}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function load({ documentId, accessToken }: EarlyLoadRequest): Promise<EarlyLoadAnswer> {
  const { getDocument, getSignedUrl } = ROUTES;
  const document = await call(getDocument, routeUrl(getDocument, { id: documentId }), accessToken);
  const key = document.pdfFileKey;
  if (typeof key !== 'string') return { document, url: null, pdf: null };
  const { url } = await call(getSignedUrl, routeUrl(getSignedUrl), accessToken, { key });
  if (typeof url !== 'string') return { document, url: null, pdf: null };
  const file = await fetch(url);
  return { document, url, pdf: file.ok ? await file.arrayBuffer() : null };
}

scope.onmessage = (event) => {
  load(event.data).then(
    (answer) => scope.postMessage(answer, answer?.pdf ? [answer.pdf] : []),
    () => scope.postMessage(null, []),
  );
};
