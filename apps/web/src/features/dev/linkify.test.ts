import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps text without links as one segment', () => {
    expect(linkify('Hello there')).toEqual([{ type: 'text', text: 'Hello there' }]);
    expect(linkify('')).toEqual([]);
  });

  it('finds http and https links between text', () => {
    expect(linkify('Open https://a.example/confirm_email?emailConfirmationToken=x1 now\nor http://b.test')).toEqual([
      { type: 'text', text: 'Open ' },
      { type: 'link', href: 'https://a.example/confirm_email?emailConfirmationToken=x1' },
      { type: 'text', text: ' now\nor ' },
      { type: 'link', href: 'http://b.test' },
    ]);
  });

  it('leaves sentence punctuation after a link as text', () => {
    expect(linkify('See (https://x.test/a).')).toEqual([
      { type: 'text', text: 'See (' },
      { type: 'link', href: 'https://x.test/a' },
      { type: 'text', text: ').' },
    ]);
  });

  it('does not link other schemes', () => {
    expect(linkify('javascript:alert(1) ftp://x.test')).toEqual([
      { type: 'text', text: 'javascript:alert(1) ftp://x.test' },
    ]);
  });
});
