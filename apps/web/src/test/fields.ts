import { blankField, type DocumentFieldResponse, type FieldType } from '@esign/shared';

/** A field as the signer page receives it (not signed unless said; a given picture's URL where one is set). */
export function signerField(
  values: Partial<DocumentFieldResponse> & { id: string; type: FieldType; imageUrl?: string | null },
): DocumentFieldResponse & { imageUrl?: string | null } {
  return { ...blankField(values), signed: false, ...values };
}
