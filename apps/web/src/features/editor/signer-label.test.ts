import type { Signer } from '@esign/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAppTexts, t } from '../../i18n';
import { signerLabel } from './FieldSettings';

beforeAll(loadAppTexts);

const signer = (values: Partial<Signer>) =>
  ({ name: 'Bob', email: 'bob@example.com', role: null, ...values }) as Signer;

describe('signerLabel', () => {
  it("names the preparer 'Me (now)' and marks the others '(Send via email)', as the spec words them", () => {
    // The cause: the spec's 'Me (now)' and '(Send via email)' (part 1, sections 2 and 6) were nowhere in the product.
    expect(signerLabel(signer({ isPreparer: true }), t)).toBe('Me (now)');
    expect(signerLabel(signer({ isPreparer: false }), t)).toMatch(/^Bob.*bob@example\.com.* \(Send via email\)$/);
    expect(signerLabel(signer({ isPreparer: false, role: 'Client', email: '' }), t)).toBe('Client');
  });
});
