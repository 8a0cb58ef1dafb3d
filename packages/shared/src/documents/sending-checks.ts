import { MESSAGES, signerHasNoFieldsMessage, signerOrRoleHasNoFieldsMessage } from '../validation/messages.js';
import type { DocumentType } from './constants.js';
import { MAX_SIGNERS } from './field-appearance.js';
import { type FieldType, isFieldSigned } from './field-kinds.js';
import { canOwnFields, type RecipientRole } from './recipient-steps.js';

export interface SendingCheckSigner {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  role: string | null;
  isPreparer: boolean;
  /** Absent: a signer (issue 36: only signers own fields; a cc is not in the order). */
  recipientRole?: RecipientRole;
}

export interface SendingCheckField {
  type: FieldType;
  signerId: string | null;
  required: boolean;
  requisiteId: string | null;
  text: string | null;
  checked: boolean;
}

export interface SendingCheckInput {
  type: DocumentType;
  /** The document has its combined PDF (or a template attached). */
  hasFile: boolean;
  /** Created from a template: only the duplicate check applies. */
  isFromTemplate?: boolean;
  currentUserId: string;
  signers: SendingCheckSigner[];
  fields: SendingCheckField[];
}

const signerKey = (signer: SendingCheckSigner, byRole: boolean) =>
  byRole
    ? (signer.role ?? '').trim().toLowerCase()
    : `${signer.name.trim().toLowerCase()}\n${signer.email.trim().toLowerCase()}`;

/**
 * The sending checks of spec section 5 (and the signer-count rules), in one place for the web app and the
 * server: every failing rule's exact message, in a stable order; an empty list means the document may be sent.
 */
export function sendingErrors(input: SendingCheckInput): string[] {
  const errors: string[] = [];
  const isTemplateLike = input.type === 'template' || input.type === 'form_request';

  const keys = input.signers.map((signer) => signerKey(signer, isTemplateLike));
  if (new Set(keys).size !== keys.length) errors.push(MESSAGES.signersIdentical);
  if (input.isFromTemplate) return errors;

  if (!input.hasFile) {
    errors.push(
      input.type === 'template'
        ? MESSAGES.templateNeedsFile
        : input.type === 'form_request'
          ? MESSAGES.formNeedsFile
          : MESSAGES.documentNeedsFile,
    );
  }

  const others = input.signers.filter((signer) => !signer.isPreparer);
  const preparer = input.signers.find((signer) => signer.isPreparer);
  if (input.signers.length > MAX_SIGNERS + (preparer ? 1 : 0)) errors.push(MESSAGES.signersLimit);
  if (input.type === 'me_and_other' && others.length < 1) errors.push(MESSAGES.onlySignerWarning);
  if ((input.type === 'others' || isTemplateLike) && others.length < 1) errors.push(MESSAGES.documentNeedsSigner);

  if (input.fields.length === 0) errors.push(MESSAGES.documentNeedsField);
  else if (input.type !== 'me' && !input.fields.some((field) => field.required)) {
    errors.push(MESSAGES.documentNeedsRequiredField);
  }
  const signerIds = new Set(input.signers.map((signer) => signer.id));
  if (input.fields.some((field) => field.signerId === null || !signerIds.has(field.signerId))) {
    errors.push(MESSAGES.fieldsWithoutSigner);
  }

  const hasFields = (signer: SendingCheckSigner) => input.fields.some((field) => field.signerId === signer.id);
  if (input.type === 'me' || input.type === 'me_and_other') {
    const me = preparer && preparer.userId === input.currentUserId ? preparer : undefined;
    if (!me) errors.push(MESSAGES.currentUserNotSigner);
    else if (!hasFields(me)) errors.push(MESSAGES.noFieldsForYou);
    else if (input.fields.some((field) => field.signerId === me.id && field.required && !isFieldSigned(field))) {
      errors.push(MESSAGES.preparerFieldsUnsigned);
    }
  }
  // A form's 'Me (Now)' fields are filled by its owner as prepared: every document made from it carries them.
  if (
    input.type === 'form_request' &&
    preparer &&
    input.fields.some((field) => field.signerId === preparer.id && field.required && !isFieldSigned(field))
  ) {
    errors.push(MESSAGES.preparerFieldsUnsigned);
  }
  const fieldless = others.filter((signer) => !canOwnFields(signer.recipientRole));
  if (fieldless.some(hasFields)) errors.push(MESSAGES.fieldsOnlyForSigners);
  if (others.length > 0 && others.every((signer) => signer.recipientRole === 'cc')) {
    errors.push(MESSAGES.documentNeedsActingRecipient);
  }
  for (const signer of others) {
    if (hasFields(signer) || !canOwnFields(signer.recipientRole)) continue;
    errors.push(
      input.type === 'me_and_other'
        ? signerHasNoFieldsMessage(signer)
        : signerOrRoleHasNoFieldsMessage(signer.role ?? `"${signer.name}" (${signer.email})`),
    );
  }
  return errors;
}
