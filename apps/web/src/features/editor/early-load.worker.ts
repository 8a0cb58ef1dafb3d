import { type ApiRoute, ROUTES } from '@esign/shared';
import { readBody, send } from '../../api/client';
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

/** One API call with the page's access token; no refresh or error handling here (see above). */
async function call(route: ApiRoute, path: string, token: string, body?: unknown) {
  const response = await send(route.method, path, token, body);
  if (!response.ok) throw new Error(`${route.method} ${route.path}: ${response.status}`);
  return (await readBody(response)) as Record<string, unknown>;
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
