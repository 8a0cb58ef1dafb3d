/**
 * Makes an uploaded HTML page safe to convert: nothing in it may make the converter fetch or read
 * anything (network or local files). Scripts, frames, embeds, stylesheets and <base> go; every
 * resource reference that is not inline `data:` goes. Plain hyperlinks stay (they are never fetched).
 */
export function neutralizeHtml(html: string): string {
  return html
    .replace(/<(script|style|iframe|frame|frameset|object|embed|applet|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|iframe|frame|object|embed|applet|link|base|meta)\b[^>]*>/gi, '')
    .replace(
      /\s(src|srcset|background|poster|data|lowsrc|dynsrc|codebase|action|formaction|xlink:href)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi,
      (match, _name: string, value: string) => (/^["']?\s*data:/i.test(value) ? match : ''),
    )
    .replace(/\sstyle\s*=\s*("[^"]*"|'[^']*')/gi, (match, value: string) =>
      /url\s*\(|@import|expression\s*\(/i.test(value) ? '' : match,
    );
}
