import { type DocumentFieldResponse, isFieldSigned, prefillText, type SignerDetails } from '@esign/shared';

/**
 * What a signer sees of each field: their own as saved, and every value already given, the sender's and those of
 * signers who have finished (in order), read-only, because a signer must see what they sign and what the seal will
 * stamp. Values of signers who have not finished stay with them: only whether they are signed.
 */
export function fieldsSeenBySigner(
  fields: DocumentFieldResponse[],
  signerId: string,
  people: { id: string; isFinished: boolean }[],
): DocumentFieldResponse[] {
  const finished = new Set(people.filter((person) => person.isFinished).map((person) => person.id));
  return fields.map((field) =>
    field.signerId === signerId || (field.signerId !== null && finished.has(field.signerId))
      ? field
      : { ...field, text: null, requisiteId: null, checked: false },
  );
}

/**
 * The signer's own empty name, e-mail and company fields as they start (issue 37): with the signer's details. Only
 * shown: the signer page sends them back with the other values (the server fills a locked one itself on submit).
 */
export function withPrefills(
  fields: DocumentFieldResponse[],
  signerId: string,
  details: SignerDetails,
): DocumentFieldResponse[] {
  return fields.map((field) => {
    if (field.signerId !== signerId || field.text) return field;
    const text = prefillText(field, details);
    if (text === null) return field;
    const filled = { ...field, text };
    return { ...filled, signed: isFieldSigned(filled) };
  });
}
