// The one place HTML from outside (post bodies from the sheets, e-mail templates) is made safe to display. Pure:
// htmlparser2 is a tokenizer without I/O.
//
// An allowlist serializer over a real HTML tokenizer: every tag not listed is dropped (the raw-text ones with
// their content), every attribute not listed is dropped, URLs must be absolute http(s) (or mailto for links), and
// all text and attribute values are written escaped, so the output is well-formed whatever came in. Done once per
// import for posts (they keep the result beside their source), so it is written for speed: one pass, no DOM.
import { Parser } from 'htmlparser2';

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'img',
]);

/** Elements whose content is not text to show: dropped with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'template',
  'xmp',
  'plaintext',
  'option',
  'select',
  'svg',
  'math',
  'head',
]);

const VOID_TAGS = new Set(['br', 'img', 'col']);

const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
};

const URL_ATTRIBUTES: Record<string, RegExp> = {
  href: /^(https?:\/\/|mailto:)/i,
  src: /^https?:\/\//i,
};

const NUMBER_ATTRIBUTES = new Set(['width', 'height', 'colspan', 'rowspan', 'span']);

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\n': '&#10;' };
/** Text made safe inside an element or a double-quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]);
/** An attribute value: also keeps its line breaks out of the markup, so the output's newlines are all in text. */
const escapeAttribute = (text: string) => text.replace(/[&<>"\n]/g, (c) => ESCAPES[c]);

export interface SanitiseOptions {
  /** Rewrites an attribute's value before it is checked (an e-mail template's placeholders become their values). */
  attributeValue?: (value: string) => string;
}

/** The URL without the whitespace and control characters browsers ignore inside a scheme (`java\tscript:`). */
function withoutControls(url: string): string {
  let out = '';
  for (const char of url) {
    const code = char.charCodeAt(0);
    if (code > 0x20 && (code < 0x7f || code > 0x9f)) out += char;
  }
  return out;
}

/** The URL when it is an absolute http(s) address, as browsers would read it (percent-encoded); else null. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const url = value?.trim();
  if (!url || !URL_ATTRIBUTES.src.test(withoutControls(url)) || !URL_ATTRIBUTES.src.test(url)) return null;
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

function attributeValue(tag: string, name: string, value: string): string | null {
  if (!ALLOWED_ATTRIBUTES[tag]?.includes(name)) return null;
  const urlRule = URL_ATTRIBUTES[name];
  if (urlRule) {
    const url = value.trim();
    return urlRule.test(withoutControls(url)) && urlRule.test(url) ? url : null;
  }
  if (NUMBER_ATTRIBUTES.has(name)) return /^\d{1,4}%?$/.test(value.trim()) ? value.trim() : null;
  return value;
}

function openTag(tag: string, attributes: Record<string, string>, options: SanitiseOptions): string {
  let out = `<${tag}`;
  for (const [name, raw] of Object.entries(attributes)) {
    const value = attributeValue(tag, name, options.attributeValue ? options.attributeValue(raw) : raw);
    if (value !== null) out += ` ${name}="${escapeAttribute(value)}"`;
  }
  // Links open outside the tool and give the target no handle on it.
  if (tag === 'a') out += ' target="_blank" rel="noopener noreferrer nofollow"';
  return `${out}>`;
}

/**
 * HTML reduced to the allowed tags and attributes: no script, style, event handlers, frames or unsafe URLs. Every
 * newline of the output is in text (attribute values carry theirs as `&#10;`).
 */
export function sanitiseHtml(html: string, options: SanitiseOptions = {}): string {
  let out = '';
  /** Allowed elements open in the output, innermost last. */
  const open: string[] = [];
  /** Depth inside dropped-with-content elements. */
  let dropping = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropping > 0 || DROPPED_WITH_CONTENT.has(name)) {
          if (!VOID_TAGS.has(name)) dropping++;
          return;
        }
        if (!ALLOWED_TAGS.has(name)) return;
        out += openTag(name, attributes, options);
        if (!VOID_TAGS.has(name)) open.push(name);
      },
      ontext(text) {
        if (dropping === 0) out += escapeHtml(text);
      },
      onclosetag(name) {
        if (dropping > 0) {
          if (!VOID_TAGS.has(name)) dropping--;
          return;
        }
        if (VOID_TAGS.has(name) || !ALLOWED_TAGS.has(name)) return;
        const index = open.lastIndexOf(name);
        if (index === -1) return;
        // Close what is still open inside it, so the output nests properly.
        while (open.length > index) out += `</${open.pop()}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.write(html);
  parser.end();
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
