import { describe, expect, it } from 'vitest';
import { importedName } from './CloudFileBrowser';
import { isPopupMessage, popupResult } from './popup';

describe("the authorisation window's result", () => {
  it('reads success and error from the query, and nothing from an ordinary visit', () => {
    expect(popupResult(new URLSearchParams('status=success&type=box'))).toEqual({
      source: 'esign-integration',
      status: 'success',
      type: 'box',
      error: null,
      errorDescription: null,
    });
    expect(popupResult(new URLSearchParams('status=error&type=dropbox&error=access_denied'))).toMatchObject({
      status: 'error',
      type: 'dropbox',
      error: 'access_denied',
    });
    expect(popupResult(new URLSearchParams('type=box'))).toBeNull();
    // A type the product does not know is not passed on.
    expect(popupResult(new URLSearchParams('status=success&type=evil'))?.type).toBeNull();
  });

  it('takes only its own messages', () => {
    expect(isPopupMessage({ source: 'esign-integration', status: 'success' })).toBe(true);
    expect(isPopupMessage({ source: 'other' })).toBe(false);
    expect(isPopupMessage('esign-integration')).toBe(false);
  });
});

describe('importedName', () => {
  it('names a Google document by the office file it is exported as, other files as they are', () => {
    const file = { id: '1', isFolder: false, size: null };
    expect(importedName({ ...file, name: 'Offer', mimeType: 'application/vnd.google-apps.document' })).toBe(
      'Offer.docx',
    );
    expect(importedName({ ...file, name: 'Plan.xlsx', mimeType: 'application/vnd.google-apps.spreadsheet' })).toBe(
      'Plan.xlsx',
    );
    expect(importedName({ ...file, name: 'lease.pdf', mimeType: 'application/pdf' })).toBe('lease.pdf');
  });
});
