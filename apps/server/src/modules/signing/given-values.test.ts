import { blankField } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { fieldsSeenBySigner } from './given-values.js';

const field = (id: string, signerId: string, values: object) => ({
  ...blankField({ id, type: 'text', pageNumber: 1, coordinateX: 0, coordinateY: 0, signerId }),
  ...values,
  signed: true,
});

describe('fieldsSeenBySigner', () => {
  it("shows the sender's and finished signers' values read-only, hides those of signers still signing", () => {
    // Cause: the signer call blanked every value but the signer's own ('Other signers' values stay with them'), so
    // the second signer saw the sender's 'Approved by Alice' and initials as empty boxes, though the seal stamps
    // them: a signer did not see what they signed.
    const fields = [
      field('sender', 'p', { text: 'Approved by Alice' }),
      field('first', 'a', { text: 'Ann was here', requisiteId: null }),
      field('mine', 'b', { text: 'Mine' }),
      field('later', 'c', { text: 'Not yet', checked: true }),
    ];
    const people = [
      { id: 'p', isFinished: true },
      { id: 'a', isFinished: true },
      { id: 'b', isFinished: false },
      { id: 'c', isFinished: false },
    ];
    const seen = fieldsSeenBySigner(fields, 'b', people);
    expect(seen.map((f) => f.text)).toEqual(['Approved by Alice', 'Ann was here', 'Mine', null]);
    expect(seen[3]).toMatchObject({ checked: false, signed: true });
  });
});
