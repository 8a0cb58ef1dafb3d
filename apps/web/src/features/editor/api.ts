import type { DocumentField, DocumentType } from '@esign/shared';
import { apiCall } from '../../api/client';

/** The whole set of fields, by the document's own call (a template's or form's goes through the templates' PATCH). */
export function saveFields(
  document: { id: string; type: DocumentType },
  fields: DocumentField[],
  { keepalive = false }: { keepalive?: boolean } = {},
) {
  return document.type === 'template' || document.type === 'form_request'
    ? apiCall('updateTemplate', { params: { id: document.id }, body: { fields }, keepalive })
    : apiCall('updateDocument', { params: { id: document.id }, body: { fields }, keepalive });
}

/** The most a request sent with `keepalive` (as the page goes away) may carry. */
export const KEEPALIVE_BODY_LIMIT = 64 * 1024;

export function sendDocument(documentId: string) {
  return apiCall('sendOut', { params: { id: documentId } });
}

export async function downloadUrl(fileKey: string, fileName: string): Promise<string> {
  const answer = await apiCall('getSignedDownloadUrl', { body: { key: fileKey, fileName } });
  return answer.result;
}
