import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';
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
});

describe('escapeHtml', () => {
  it('leaves no markup from user text', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;',
    );
  });
});
