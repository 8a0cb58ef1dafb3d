import { REQUISITE_LIMITS } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { uploadProblem } from './upload-checks';

describe('uploadProblem', () => {
  it('takes png, jpg, jpeg, bmp and gif in any letter case', () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.bmp', 'e.Gif'])
      expect(uploadProblem({ name, size: 10 })).toBeNull();
  });

  it('refuses other types and names without an extension', () => {
    expect(uploadProblem({ name: 'scan.pdf', size: 10 })).toBe('type');
    expect(uploadProblem({ name: 'png', size: 10 })).toBe('type');
  });

  it('refuses more than 40 MB', () => {
    expect(uploadProblem({ name: 'a.png', size: REQUISITE_LIMITS.maxImageBytes })).toBeNull();
    expect(uploadProblem({ name: 'a.png', size: REQUISITE_LIMITS.maxImageBytes + 1 })).toBe('size');
  });
});
