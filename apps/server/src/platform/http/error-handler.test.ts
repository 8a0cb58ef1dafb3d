import { describe, expect, it } from 'vitest';
import { toValidationItems, validationError } from './error-handler.js';

describe('toValidationItems', () => {
  it('nests issues by path and keeps every rule of a field', () => {
    const items = toValidationItems(
      [
        { path: ['password'], keyword: 'custom', message: 'A' },
        { path: ['password'], keyword: 'custom', message: 'B' },
        { path: ['signers', '1', 'email'], keyword: 'invalid_format', message: 'C' },
      ],
      'body',
    );
    expect(items).toEqual([
      { property: 'password', constraints: { custom: 'A', custom2: 'B' }, children: [] },
      {
        property: 'signers',
        constraints: {},
        children: [
          {
            property: '1',
            constraints: {},
            children: [{ property: 'email', constraints: { invalid_format: 'C' }, children: [] }],
          },
        ],
      },
    ]);
  });

  it('names the request part when the issue has no path, and leads with the first message', () => {
    const error = validationError([{ path: [], keyword: 'invalid_type', message: 'Expected object' }], 'body');
    expect(error.errors).toEqual([
      { property: 'body', constraints: { invalid_type: 'Expected object' }, children: [] },
    ]);
    expect(error.message).toBe('Expected object');
    expect(error.statusCode).toBe(400);
  });
});
