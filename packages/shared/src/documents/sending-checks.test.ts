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
});
