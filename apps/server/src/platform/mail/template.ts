import type { MailMessage } from './mailer.js';

/** A company's branding of a mail (modules/company): its 'From' name, its logo on top, its closing at the end. */
export interface MailBranding {
  fromName: string | null;
  /** The absolute address of the logo (280x50). */
  logoUrl: string | null;
  /** The company's name: the logo's text alternative. */
  companyName: string | null;
  /** The closing signature, line breaks kept. */
  closing: string | null;
}

export interface MailContent {
  to: string;
  branding?: MailBranding | null | undefined;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every piece of text that reaches an HTML mail goes through here: user text never becomes markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Builds both parts of a mail (HTML and plain text) from the same content. */
export function renderMail(content: MailContent): MailMessage {
  const { action } = content;
  const textParts = [content.greeting, ...content.paragraphs];
  if (action) textParts.push(`${action.label}: ${action.url}`);
  const branding = content.branding;
  if (branding?.closing) textParts.push(branding.closing);
  if (content.footer) textParts.push(content.footer);

  const paragraph = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c7ed6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(action.url)}</p>`
    : '';
  const logo = branding?.logoUrl
    ? `<p style="margin:0 0 24px"><img src="${escapeHtml(branding.logoUrl)}" width="280" height="50" alt="${escapeHtml(branding.companyName ?? '')}" style="display:block;border:0"></p>`
    : '';
  const closing = branding?.closing
    ? `<p style="margin:24px 0 0;line-height:1.5">${escapeHtml(branding.closing).replace(/\r?\n/g, '<br>')}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;background:#f5f6f8;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${logo}${paragraph(content.greeting)}${content.paragraphs.map(paragraph).join('')}${button}${closing}${content.footer ? `<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(content.footer)}</p>` : ''}
</div></body></html>`;
  return {
    to: content.to,
    subject: content.subject,
    text: textParts.join('\n\n'),
    html,
    ...(branding?.fromName ? { fromName: branding.fromName } : {}),
  };
}
