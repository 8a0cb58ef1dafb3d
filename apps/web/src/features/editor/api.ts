import { type DocumentField, getSignedDownloadUrl, sendOut, updateDocument } from '@esign/shared';
import { apiCall } from '../../api/client';
import { pathWithId } from '../upload/api';

export function saveFields(documentId: string, fields: DocumentField[]) {
  return apiCall(updateDocument, { path: pathWithId(updateDocument.path, documentId), body: { fields } });
}

export function sendDocument(documentId: string) {
  return apiCall(sendOut, { path: pathWithId(sendOut.path, documentId) });
}

export async function downloadUrl(fileKey: string, fileName: string): Promise<string> {
  const answer = await apiCall(getSignedDownloadUrl, { body: { key: fileKey, fileName } });
  return answer.result;
}
