import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, fromHeader } from './mailer.js';
import { escapeHtml, renderMail } from './template.js';

describe('SMTP transport', () => {
  const received: ParsedMail[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a mail with an HTML and a plain-text part to a real SMTP server', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'eSign <no-reply@example.com>',
      db: undefined as never,
    });
    expect(mailer.transport).toBe('smtp');
    await mailer.send(
      renderMail({
        to: 'ada@example.com',
        subject: 'Hello',
        greeting: 'Hello <b>Ada</b>,',
        paragraphs: ['Welcome.'],
        action: { label: 'Open', url: 'http://localhost:3000/x?a=1&b=2' },
      }),
    );
    const mail = received.at(-1);
    expect(mail?.subject).toBe('Hello');
    expect(mail?.text).toContain('Hello <b>Ada</b>,');
    expect(mail?.text).toContain('Open: http://localhost:3000/x?a=1&b=2');
    expect(mail?.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,');
    expect(mail?.html).toContain('href="http://localhost:3000/x?a=1&amp;b=2"');
  });

  it("sends a company's mail From its name at the configured address, with its logo and closing", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'eSign <no-reply@example.com>',
      db: undefined as never,
    });
    await mailer.send(
      renderMail({
        to: 'ada@example.com',
        subject: 'Branded',
        greeting: 'Hello,',
        paragraphs: ['Please sign.'],
        branding: {
          fromName: 'Acme "Contracts"\r\nBcc: x@evil.example',
          logoUrl: 'https://sign.example/api/v1/company-logos/u/l.png?a=1&b=2',
          companyName: 'Acme <Ltd>',
          closing: 'Regards,\n<b>Acme</b>',
        },
      }),
    );
    const mail = received.at(-1);
    expect(mail?.from?.value).toEqual([
      { name: 'Acme "Contracts" Bcc: x@evil.example', address: 'no-reply@example.com' },
    ]);
    expect(mail?.bcc).toBeUndefined();
    expect(mail?.html).toContain(
      '<img src="https://sign.example/api/v1/company-logos/u/l.png?a=1&amp;b=2" width="280" height="50" alt="Acme &lt;Ltd&gt;"',
    );
    expect(mail?.html).toContain('Regards,<br>&lt;b&gt;Acme&lt;/b&gt;');
    expect(mail?.text).toContain('Regards,\n<b>Acme</b>');
  });
});

describe('fromHeader', () => {
  it('keeps the configured From without a name, and its address under a name', () => {
    expect(fromHeader('eSign <no-reply@example.com>', undefined)).toBe('eSign <no-reply@example.com>');
    expect(fromHeader('eSign <no-reply@example.com>', 'Acme')).toEqual({
      name: 'Acme',
      address: 'no-reply@example.com',
    });
    expect(fromHeader('bare@example.com', 'Acme')).toEqual({ name: 'Acme', address: 'bare@example.com' });
  });
});

describe('escapeHtml', () => {
  it('leaves no markup from user text', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
  });
});
