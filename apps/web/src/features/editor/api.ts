import type { DocumentField } from '@esign/shared';
import { apiCall } from '../../api/client';

export function saveFields(documentId: string, fields: DocumentField[]) {
  return apiCall('updateDocument', { params: { id: documentId }, body: { fields } });
}

export function sendDocument(documentId: string) {
  return apiCall('sendOut', { params: { id: documentId } });
}

export async function downloadUrl(fileKey: string, fileName: string): Promise<string> {
  const answer = await apiCall('getSignedDownloadUrl', { body: { key: fileKey, fileName } });
  return answer.result;
}
