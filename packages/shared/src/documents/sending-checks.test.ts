import { describe, expect, it } from 'vitest';
import { MESSAGES, signerHasNoFieldsMessage, signerOrRoleHasNoFieldsMessage } from '../validation/messages.js';
import { type SendingCheckField, type SendingCheckInput, sendingErrors } from './sending-checks.js';

const me = { id: 'me', userId: 'user-1', name: 'Ada', email: 'ada@example.com', role: null, isPreparer: true };
const bob = { id: 'bob', userId: null, name: 'Bob', email: 'bob@example.com', role: null, isPreparer: false };
const field = (signerId: string | null, values: Partial<SendingCheckField> = {}): SendingCheckField => ({
  type: 'signature',
  signerId,
  required: true,
  requisiteId: null,
  text: null,
  checked: false,
  ...values,
});
const input = (values: Partial<SendingCheckInput>): SendingCheckInput => ({
  type: 'others',
  hasFile: true,
  currentUserId: 'user-1',
  signers: [bob],
  fields: [field('bob')],
  ...values,
});

describe('sending checks', () => {
  it('passes a complete document of each type', () => {
    expect(sendingErrors(input({}))).toEqual([]);
    expect(
      sendingErrors(
        input({
          type: 'me_and_other',
          signers: [me, bob],
          fields: [field('me', { type: 'date', text: '01/02/2026' }), field('bob')],
        }),
      ),
    ).toEqual([]);
    expect(
      sendingErrors(input({ type: 'me', signers: [me], fields: [field('me', { requisiteId: 'requisite' })] })),
    ).toEqual([]);
  });

  it('needs a file', () => {
    expect(sendingErrors(input({ hasFile: false }))).toEqual([MESSAGES.documentNeedsFile]);
    expect(sendingErrors(input({ type: 'template', hasFile: false, signers: [{ ...bob, role: 'Tenant' }] }))).toEqual([
      MESSAGES.templateNeedsFile,
    ]);
  });

  it('finds identical signers by name and e-mail', () => {
    const twin = { ...bob, id: 'twin', name: ' BOB ', email: 'Bob@Example.com' };
    expect(sendingErrors(input({ signers: [bob, twin], fields: [field('bob'), field('twin')] }))).toEqual([
      MESSAGES.signersIdentical,
    ]);
  });

  it('needs a field, a required field and a signer for every field', () => {
    expect(sendingErrors(input({ fields: [] }))).toEqual([
      MESSAGES.documentNeedsField,
      signerOrRoleHasNoFieldsMessage('"Bob" (bob@example.com)'),
    ]);
    expect(sendingErrors(input({ fields: [field('bob', { required: false })] }))).toEqual([
      MESSAGES.documentNeedsRequiredField,
    ]);
    expect(sendingErrors(input({ fields: [field('bob'), field(null)] }))).toEqual([MESSAGES.fieldsWithoutSigner]);
  });

  it('lists every failing rule at once', () => {
    expect(sendingErrors(input({ hasFile: false, signers: [], fields: [] }))).toEqual([
      MESSAGES.documentNeedsFile,
      MESSAGES.documentNeedsSigner,
      MESSAGES.documentNeedsField,
    ]);
  });

  it('checks the preparer of Me & Others', () => {
    expect(sendingErrors(input({ type: 'me_and_other', signers: [bob] }))).toEqual([MESSAGES.currentUserNotSigner]);
    expect(
      sendingErrors(input({ type: 'me_and_other', signers: [me], fields: [field('me', { requisiteId: 'r' })] })),
    ).toEqual([MESSAGES.onlySignerWarning]);
    expect(sendingErrors(input({ type: 'me_and_other', signers: [me, bob] }))).toEqual([MESSAGES.noFieldsForYou]);
    expect(sendingErrors(input({ type: 'me_and_other', signers: [me, bob], fields: [field('me')] }))).toEqual([
      MESSAGES.preparerFieldsUnsigned,
      signerHasNoFieldsMessage(bob),
    ]);
  });

  it('does not ask Only Me for a required field', () => {
    expect(
      sendingErrors(input({ type: 'me', signers: [me], fields: [field('me', { required: false, type: 'text' })] })),
    ).toEqual([]);
  });

  it('applies only the duplicate check to a document from a template', () => {
    expect(sendingErrors(input({ isFromTemplate: true, hasFile: false, fields: [] }))).toEqual([]);
  });

  it('needs options for every list and radio group, and formulas that read known numbers without a cycle', () => {
    const withFields = (fields: SendingCheckField[]) => sendingErrors(input({ fields: [field('bob'), ...fields] }));
    expect(withFields([field('bob', { type: 'dropdown', settings: { choices: ['A'] } })])).toEqual([]);
    expect(withFields([field('bob', { type: 'radio' })])).toEqual([MESSAGES.fieldChoicesMissing]);
    expect(withFields([field('bob', { type: 'dropdown', settings: { choices: [] } })])).toEqual([
      MESSAGES.fieldChoicesMissing,
    ]);
    // A multiselect needs options too, no fewer than it asks to tick.
    expect(withFields([field('bob', { type: 'multiselect' })])).toEqual([MESSAGES.fieldChoicesMissing]);
    expect(withFields([field('bob', { type: 'multiselect', settings: { choices: ['A'], minChoices: 2 } })])).toEqual([
      MESSAGES.fieldChoiceCountInvalid,
    ]);
    expect(
      withFields([field('bob', { type: 'multiselect', settings: { choices: ['A', 'B'], minChoices: 2 } })]),
    ).toEqual([]);
    const price = field('bob', { type: 'number', settings: { name: 'Price' } });
    expect(withFields([price, field('bob', { type: 'formula', settings: { formula: 'price * 2' } })])).toEqual([]);
    expect(withFields([price, field('bob', { type: 'formula', settings: { formula: 'cost * 2' } })])).toEqual([
      MESSAGES.fieldFormulaInvalid,
    ]);
    expect(
      withFields([
        field('bob', { type: 'formula', settings: { name: 'a', formula: 'b' } }),
        field('bob', { type: 'formula', settings: { name: 'b', formula: 'a' } }),
      ]),
    ).toEqual([MESSAGES.fieldFormulaInvalid]);
    expect(withFields([field('bob', { type: 'formula' })])).toEqual([MESSAGES.fieldFormulaInvalid]);
  });

  it('needs conditions that name another field, without a cycle', () => {
    const withFields = (fields: SendingCheckField[]) => sendingErrors(input({ fields: [field('bob'), ...fields] }));
    const agree = field('bob', { type: 'checkbox', settings: { name: 'Agree' } });
    const when = (name: string) => ({ condition: { field: name, op: 'checked' as const } });
    expect(withFields([agree, field('bob', { settings: when('agree') })])).toEqual([]);
    expect(withFields([agree, field('bob', { settings: when('other') })])).toEqual([MESSAGES.fieldConditionUnknown]);
    expect(
      withFields([
        field('bob', { type: 'checkbox', settings: { name: 'a', ...when('b') } }),
        field('bob', { type: 'checkbox', settings: { name: 'b', ...when('a') } }),
      ]),
    ).toEqual([MESSAGES.fieldConditionCycle]);
  });

  it('does not ask the preparer for a field its condition hides', () => {
    const box = field('me', { type: 'checkbox', required: false, settings: { name: 'Extras' } });
    const extra = field('me', { type: 'text', settings: { condition: { field: 'extras', op: 'checked' } } });
    const fields = [field('me', { requisiteId: 'r' }), box, extra];
    expect(sendingErrors(input({ type: 'me', signers: [me], fields }))).toEqual([]);
    const ticked = [fields[0] as SendingCheckField, { ...box, checked: true }, extra];
    expect(sendingErrors(input({ type: 'me', signers: [me], fields: ticked }))).toEqual([
      MESSAGES.preparerFieldsUnsigned,
    ]);
  });

  it("takes an attachment field of another signer's, never of the preparer (who opens no signer page)", () => {
    const meAndBob = (fields: SendingCheckField[]) =>
      sendingErrors(input({ type: 'me_and_other', signers: [me, bob], fields }));
    const mine = field('me', { type: 'checkbox', checked: true });
    expect(meAndBob([mine, field('bob', { type: 'attachment' })])).toEqual([]);
    expect(meAndBob([mine, field('bob'), field('me', { type: 'attachment', required: false })])).toEqual([
      MESSAGES.attachmentNotForPreparer,
    ]);
  });
});
