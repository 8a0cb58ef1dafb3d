import { blankField, type DocumentFieldResponse, type FieldType } from '@esign/shared';

/** A field as the signer page receives it (not signed unless said). */
export function signerField(
  values: Partial<DocumentFieldResponse> & { id: string; type: FieldType },
): DocumentFieldResponse {
  return { ...blankField(values), signed: false, ...values };
}
