import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages.js';
import {
  canRemoveSignerRow,
  dropTrailingEmptySigner,
  prepareFormSchema,
  signerLineErrors,
  signerListError,
} from './signer-rules.js';

const line = (name: string, email: string) => ({ name, email });
const many = (count: number) => Array.from({ length: count }, (_, i) => line(`Signer ${i}`, `s${i}@example.com`));

describe('signer line messages', () => {
  it('gives each line its own message', () => {
    const errors = signerLineErrors([
      line('', ''),
      line('', 'a@example.com'),
      line('Bob', ''),
      line('Carol', 'carol@'),
      line('Dan', 'dan@example.com'),
      line(' dan ', 'DAN@example.com'),
      line('Eve', 'eve@example.com'),
    ]);
    expect(errors).toEqual([
      { index: 0, field: 'name', message: MESSAGES.signerEmptyLine },
      { index: 1, field: 'name', message: MESSAGES.signerNoName },
      { index: 2, field: 'email', message: MESSAGES.signerNoEmail },
      { index: 3, field: 'email', message: MESSAGES.signerEmailInvalid },
      { index: 5, field: 'email', message: MESSAGES.signerDuplicated },
    ]);
  });

  it('drops the trailing signers with neither name nor e-mail', () => {
    expect(dropTrailingEmptySigner([line('A', 'a@example.com'), line(' ', '')])).toEqual([line('A', 'a@example.com')]);
    expect(dropTrailingEmptySigner([line('A', 'a@example.com'), line('', ''), line('', '')])).toHaveLength(1);
    expect(dropTrailingEmptySigner([line('', ''), line('A', 'a@example.com')])).toHaveLength(2);
    expect(dropTrailingEmptySigner([line('A', '')])).toHaveLength(1);
  });
});

describe('signer list rules', () => {
  it('needs one signer besides me for Me & Others, one for Only Others, none for Only Me', () => {
    expect(signerListError('me_and_other', [])).toBe(MESSAGES.onlySignerWarning);
    expect(signerListError('me_and_other', many(1))).toBeNull();
    expect(signerListError('others', [])).toBe(MESSAGES.documentNeedsSigner);
    expect(signerListError('others', many(1))).toBeNull();
    expect(signerListError('me', [])).toBeNull();
    expect(signerListError('me', many(1))).toBe(MESSAGES.onlyMeHasNoOtherSigners);
  });

  it('allows at most 25 signers', () => {
    expect(signerListError('others', many(25))).toBeNull();
    expect(signerListError('others', many(26))).toBe(MESSAGES.signersLimit);
  });

  it('shrinks only above 2 rows, or 3 with me', () => {
    expect(canRemoveSignerRow(2, false)).toBe(false);
    expect(canRemoveSignerRow(3, false)).toBe(true);
    expect(canRemoveSignerRow(3, true)).toBe(false);
    expect(canRemoveSignerRow(4, true)).toBe(true);
  });
});

describe('prepare form schema', () => {
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('checks the title, every line and the list', () => {
    const schema = prepareFormSchema('me_and_other');
    const result = schema.safeParse({
      title: '  ',
      message: '',
      isOrdered: false,
      language: null,
      signers: [line('', ''), line('Bob', 'bob@example.com'), line('', '')],
    });
    expect(issues(result)).toEqual([
      ['title', MESSAGES.onlySpaces],
      ['signers.0.name', MESSAGES.signerEmptyLine],
    ]);
    const empty = schema.safeParse({
      title: 'Lease',
      message: '',
      isOrdered: false,
      language: null,
      signers: [line('', ''), line('', '')],
    });
    expect(issues(empty)).toEqual([['signersList', MESSAGES.onlySignerWarning]]);
  });

  it('accepts a valid form', () => {
    const result = prepareFormSchema('others').safeParse({
      title: 'Lease',
      message: '',
      isOrdered: true,
      language: 'ja',
      signers: [line('Bob', 'bob@example.com'), line('', '')],
    });
    expect(result.success).toBe(true);
    const unknownLanguage = prepareFormSchema('others').safeParse({ ...result.data, language: 'xx' });
    expect(unknownLanguage.success).toBe(false);
  });

  it("with a template, checks each role's row (none dropped) and not the list's counts", () => {
    const schema = prepareFormSchema('me_and_other', { withTemplate: true });
    const result = schema.safeParse({
      title: 'Lease',
      message: '',
      isOrdered: false,
      language: null,
      signers: [line('Bob', 'bob@example.com'), line('bob', 'BOB@example.com'), line('', '')],
    });
    expect(issues(result)).toEqual([
      ['signers.1.email', MESSAGES.signerDuplicated],
      ['signers.2.name', MESSAGES.signerEmptyLine],
    ]);
    expect(
      prepareFormSchema('me', { withTemplate: true }).safeParse({
        ...result.data,
        title: 'A',
        message: '',
        isOrdered: false,
        language: null,
        signers: [],
      }).success,
    ).toBe(true);
  });
});
