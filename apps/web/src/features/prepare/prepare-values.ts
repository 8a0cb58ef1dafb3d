import {
  compactSteps,
  type Document,
  type DocumentType,
  initialSignerRows,
  type PrepareFormValues,
  type SentDocumentType,
  type TemplateOption,
} from '@esign/shared';

/** The form's values for a new draft, or for a draft saved before (the preparer is not one of the rows). */
export function formValuesOf(type: DocumentType, document: Document | undefined): PrepareFormValues {
  const rows = (document?.signers ?? [])
    .filter((signer) => !signer.isPreparer)
    .map((signer) => ({
      id: signer.id,
      name: signer.name,
      email: signer.email,
      recipientRole: signer.recipientRole,
      step: signer.step,
      verification: signer.verification ?? 'none',
      phone: signer.phone ?? null,
    }));
  return {
    title: document?.title ?? '',
    message: document?.message ?? '',
    isOrdered: document?.isOrdered ?? false,
    language: document?.language ?? null,
    signers: rows.length > 0 || type === 'me' ? rows : initialSignerRows(type),
  };
}

/**
 * PATCH documents/{id} with the form: the signers in their order from 1 (the server adds 'Me (Now)'), each with its
 * role and step (steps numbered from 1 without gaps; a row with none takes its place).
 */
export function prepareRequest(values: PrepareFormValues) {
  const steps = compactSteps(values.signers.map((signer) => signer.step));
  return {
    title: values.title.trim(),
    message: values.message.trim() === '' ? null : values.message.trim(),
    isOrdered: values.isOrdered,
    language: values.language,
    signers: values.signers.map((signer, index) => ({
      ...(signer.id ? { id: signer.id } : {}),
      name: signer.name,
      email: signer.email,
      isPreparer: false,
      order: index + 1,
      recipientRole: signer.recipientRole ?? 'signer',
      step: steps[index] ?? index + 1,
      verification: signer.verification ?? 'none',
      phone: signer.phone?.trim() ? signer.phone.trim() : null,
    })),
  };
}

/** The form's values once a template is chosen: its title unless one is typed, an empty row for each role. */
export function templateValues(
  type: DocumentType,
  current: PrepareFormValues,
  template: TemplateOption,
): PrepareFormValues {
  return {
    title: current.title.trim() === '' ? template.title : current.title,
    message: current.message.trim() === '' ? (template.message ?? '') : current.message,
    isOrdered: false,
    language: current.language,
    signers: type === 'me' ? [] : template.signers.map(() => ({ name: '', email: '' })),
  };
}

/** POST documents/templates/{id}/create-document with the form: the signers in the roles' order. */
export function templateRequest(type: SentDocumentType, values: PrepareFormValues) {
  return {
    type,
    title: values.title.trim(),
    message: values.message.trim() === '' ? null : values.message.trim(),
    signers:
      type === 'me'
        ? []
        : values.signers.map(({ name, email, verification, phone }) => ({
            name,
            email,
            ...(verification ? { verification } : {}),
            ...(phone?.trim() ? { phone: phone.trim() } : {}),
          })),
  };
}
