import type { DocumentListSigner } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { signerLines } from './signers-summary';

const signer = (values: Partial<DocumentListSigner>): DocumentListSigner =>
  ({
    id: 'signer-1',
    name: '',
    email: '',
    role: null,
    isPreparer: false,
    isFinished: false,
    accessLockedAt: null,
    ...values,
  }) as DocumentListSigner;

describe('signerLines', () => {
  it("names a form's and a template's roles, and a document's people", () => {
    // Cause: only a template's roles were shown by name; a form's SIGNER (no name or address until a visitor
    // fills it) went through the people's line and read '() · waiting' on every form.
    const roles = [signer({ id: 'me', role: 'Me (Now)', isPreparer: true }), signer({ id: 'visitor', role: 'SIGNER' })];
    expect(signerLines({ type: 'form_request', signers: roles })).toEqual([
      { kind: 'role', id: 'visitor', role: 'SIGNER' },
    ]);
    expect(signerLines({ type: 'template', signers: [signer({ role: 'Client' })] })).toEqual([
      { kind: 'role', id: 'signer-1', role: 'Client' },
    ]);
    const person = signer({ name: 'Sam', email: 'sam@example.com', role: 'Client' });
    expect(signerLines({ type: 'others', signers: [person] })).toEqual([{ kind: 'person', signer: person }]);
  });
});
