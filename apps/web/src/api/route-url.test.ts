import { ROUTES } from '@esign/shared';
import { describe, expect, it } from 'vitest';
import { routeUrl, toQueryString } from './route-url';

describe('routeUrl', () => {
  it('fills every path parameter, encoded', () => {
    expect(routeUrl(ROUTES.signerDocument, { signerId: 's/1', documentId: 'd 2' })).toBe(
      '/document_sign/signers/s%2F1/document/d%202',
    );
  });

  it('refuses a missing path parameter rather than calling a wrong URL', () => {
    expect(() => routeUrl(ROUTES.getDocument)).toThrow('GET /documents/:id needs the parameter id');
  });

  it('repeats list parameters and leaves out empty ones', () => {
    expect(toQueryString({ status: ['draft', 'awaiting'], page: 2, searchTerm: '' })).toBe(
      'status=draft&status=awaiting&page=2',
    );
    expect(routeUrl(ROUTES.listRequisites, {}, { withDeleted: false })).toBe('/requisites?withDeleted=false');
    expect(routeUrl(ROUTES.getUser, {}, { unused: undefined })).toBe('/user');
  });
});
