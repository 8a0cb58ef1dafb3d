import { MESSAGES } from '@esign/shared';
import { ApiError } from '../../api/api-error';
import { apiCall } from '../../api/client';
import { t } from '../../i18n';
import { downloadFile } from './api';

export const documentFile = (documentId: string) => apiCall('getDocument', { params: { id: documentId } });

/** The file a download or print gives: the sealed result once completed, else the combined original. */
export function fileKeyOf(document: { status: string; resultPdfFileKey: string | null; pdfFileKey: string | null }) {
  return document.status === 'completed' && document.resultPdfFileKey ? document.resultPdfFileKey : document.pdfFileKey;
}

async function requireKey(documentId: string) {
  const document = await documentFile(documentId);
  const key = fileKeyOf(document);
  if (!key) throw new ApiError({ status: 409, code: 'CONFLICT', message: MESSAGES.downloadNotReady });
  return { key, title: document.title || t('documents.fileName') };
}

export async function downloadDocument(documentId: string) {
  const { key, title } = await requireKey(documentId);
  await downloadFile(key, `${title.slice(0, 90)}.pdf`);
}

/** Opens the PDF in a new tab, where the browser's viewer prints it. */
export async function printDocument(documentId: string) {
  const opened = window.open('', '_blank');
  const { key } = await requireKey(documentId);
  const { url } = await apiCall('getSignedUrl', { body: { key } });
  if (opened) opened.location.href = url;
  else window.location.href = url;
}
