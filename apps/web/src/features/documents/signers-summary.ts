import type { DocumentListItem, DocumentListSigner } from '@esign/shared';

/** The list rows whose signers are roles, named when the template is used: templates and forms. */
const ROLE_ROW_TYPES: readonly DocumentListItem['type'][] = ['template', 'form_request'];

/**
 * A row's signers as its Signers column shows them (the preparer left out): a template's or a form's roles by name
 * (a form's visitor is the role SIGNER, with no name or address yet), a document's people with their state.
 */
export function signerLines(
  item: Pick<DocumentListItem, 'type' | 'signers'>,
): ({ kind: 'role'; id: string; role: string } | { kind: 'person'; signer: DocumentListSigner })[] {
  return item.signers
    .filter((signer) => !signer.isPreparer)
    .map((signer) =>
      signer.role !== null && ROLE_ROW_TYPES.includes(item.type)
        ? { kind: 'role', id: signer.id, role: signer.role }
        : { kind: 'person', signer },
    );
}
