import { MESSAGES, signerHasNoFieldsMessage, signerOrRoleHasNoFieldsMessage } from '../validation/messages.js';
import type { DocumentType } from './constants.js';
import { MAX_SIGNERS } from './field-appearance.js';
import { conditionProblems, hiddenFieldIds } from './field-conditions.js';
import { FIELD_KINDS, type FieldSettings, type FieldType, fieldSettings, isFieldSigned } from './field-kinds.js';
import { checkFormula, formulaName } from './formula.js';
import { canOwnFields, type RecipientRole } from './recipient-steps.js';
import { needsPhone, type SignerVerification } from './signer-verification.js';

export interface SendingCheckSigner {
  id: string;
  userId: string | null;
  name: string;
  email: string;
  role: string | null;
  isPreparer: boolean;
  /** Absent: a signer (issue 36: only signers own fields; a cc is not in the order). */
  recipientRole?: RecipientRole;
  /** Issue 38: an SMS code needs the recipient's number before sending. */
  verification?: SignerVerification;
  phone?: string | null;
}

export interface SendingCheckField {
  type: FieldType;
  signerId: string | null;
  required: boolean;
  requisiteId: string | null;
  text: string | null;
  checked: boolean;
  /** Issue 37: the newer kinds' settings (absent or null on the first five). */
  settings?: FieldSettings | null;
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
  if (!isTemplateLike && input.signers.some((signer) => needsPhone(signer.verification) && !signer.phone)) {
    errors.push(MESSAGES.verificationPhoneRequired);
  }
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

  errors.push(...kindErrors(input.fields));
  // An attachment's file is uploaded by its signer on the signer page, which the preparer does not open.
  if (
    preparer &&
    input.fields.some((field) => field.signerId === preparer.id && FIELD_KINDS[field.type].rule === 'attachment')
  ) {
    errors.push(MESSAGES.attachmentNotForPreparer);
  }

  const hasFields = (signer: SendingCheckSigner) => input.fields.some((field) => field.signerId === signer.id);
  // A field its condition hides (issue 37) need not be filled.
  const hidden = hiddenFieldIds(input.fields.map((field, index) => ({ ...field, id: String(index) })));
  const isOwedBy = (signerId: string) =>
    input.fields.some(
      (field, index) =>
        field.signerId === signerId && field.required && !isFieldSigned(field) && !hidden.has(String(index)),
    );
  if (input.type === 'me' || input.type === 'me_and_other') {
    const me = preparer && preparer.userId === input.currentUserId ? preparer : undefined;
    if (!me) errors.push(MESSAGES.currentUserNotSigner);
    else if (!hasFields(me)) errors.push(MESSAGES.noFieldsForYou);
    else if (isOwedBy(me.id)) errors.push(MESSAGES.preparerFieldsUnsigned);
  }
  // A form's 'Me (Now)' fields are filled by its owner as prepared: every document made from it carries them.
  if (input.type === 'form_request' && preparer && isOwedBy(preparer.id)) errors.push(MESSAGES.preparerFieldsUnsigned);
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

/**
 * The newer kinds' settings a document cannot be signed without (issue 37): a list, radio group or multiselect with
 * options (no fewer than a multiselect asks to tick), conditions that name an existing field without a cycle, and
 * formulas that read only number fields and other formulas by name, without a cycle.
 */
function kindErrors(fields: readonly SendingCheckField[]): string[] {
  const errors: string[] = [];
  const listed = fields.filter((field) => ['choice', 'choices'].includes(FIELD_KINDS[field.type].rule ?? ''));
  if (listed.some((field) => !fieldSettings(field).choices?.length)) errors.push(MESSAGES.fieldChoicesMissing);
  if (
    listed.some((field) => {
      const settings = fieldSettings(field);
      return (settings.minChoices ?? 0) > (settings.choices?.length ?? 0);
    })
  ) {
    errors.push(MESSAGES.fieldChoiceCountInvalid);
  }
  const conditions = new Set(
    conditionProblems(fields.map((field, index) => ({ ...field, id: String(index) }))).values(),
  );
  if (conditions.has('unknown')) errors.push(MESSAGES.fieldConditionUnknown);
  if (conditions.has('cycle')) errors.push(MESSAGES.fieldConditionCycle);
  const formulaFields = fields.filter((field) => FIELD_KINDS[field.type].rule === 'formula');
  if (formulaFields.length === 0) return errors;
  const formulas: Record<string, string> = {};
  const numbers: string[] = [];
  for (const field of fields) {
    const name = fieldSettings(field).name;
    if (!name) continue;
    if (FIELD_KINDS[field.type].rule === 'number') numbers.push(name);
    if (FIELD_KINDS[field.type].rule === 'formula') formulas[formulaName(name)] = fieldSettings(field).formula ?? '';
  }
  const failing = formulaFields.some((field, index) => {
    const settings = fieldSettings(field);
    const own = settings.name ? formulaName(settings.name) : `#${index}`;
    return checkFormula(own, { ...formulas, [own]: settings.formula ?? '' }, numbers) !== null;
  });
  if (failing) errors.push(MESSAGES.fieldFormulaInvalid);
  return errors;
}
