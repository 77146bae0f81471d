// The HTML the SPA puts into the page (post descriptions, e-mail previews) is sanitised twice: by the server's
// allowlist, and here by DOMPurify, so that a fault on either side alone never runs a script in staff's browser.
import DOMPurify from 'dompurify';

/** Markup safe to give dangerouslySetInnerHTML: no script, handler, frame, form or javascript: link. */
export function safeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}
