import { describe, expect, it } from 'vitest';
import { neutralizeHtml } from './neutralize-html.js';

describe('neutralizeHtml', () => {
  it('drops every reference the converter could fetch or read', () => {
    const html = `<html><head><base href="http://evil/"><link rel=stylesheet href="http://x/a.css">
      <meta http-equiv="refresh" content="0;url=http://x"><style>@import url(http://x/b.css); p{}</style>
      <script src="http://x/s.js"></script><script>alert(1)</script></head>
      <body background="http://x/bg.png"><img src="http://x/i.png"><img SRC='file:///etc/passwd'>
      <img src=../../secret.png><img srcset="http://x/1.png 1x"><iframe src="http://x"></iframe>
      <p style="background:url(http://x/p.png)">Terms</p><object data="http://x/o"></object>
      <img src="data:image/png;base64,iVBORw0KGgo="><a href="https://example.com">link</a></body></html>`;
    const safe = neutralizeHtml(html);
    expect(safe).not.toMatch(/http:\/\/x|file:|evil|secret|alert|@import/);
    expect(safe).toContain('<p>Terms</p>');
    expect(safe).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(safe).toContain('<a href="https://example.com">link</a>');
  });
});
