// The one place post bodies (HTML from the sheets) are made safe to display. Pure: sanitize-html is a string
// transformer without I/O.
import sanitizeHtml from 'sanitize-html';

const TABLE_TAGS = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];

const LINK_URL = /^(https?:\/\/|mailto:)/i;
const IMAGE_URL = /^https?:\/\//i;

/** The attributes with `name` trimmed, or without it when it is not an allowed absolute URL. */
function keepUrl(attribs: sanitizeHtml.Attributes, name: string, allowed: RegExp): sanitizeHtml.Attributes {
  const out = { ...attribs };
  const value = out[name]?.trim();
  if (value !== undefined && allowed.test(value)) out[name] = value;
  else delete out[name];
  return out;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'span', 'div',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', ...TABLE_TAGS, 'img',
  ],
  // No style, class or event handler anywhere; links and images keep only what they need.
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // script, style, textarea, noscript and option lose their content too, not only their tags.
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links must be absolute http(s) or mailto (relative ones would point into the tool); they open outside the
    // tool and give the target no handle on it.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...keepUrl(attribs, 'href', LINK_URL), target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: keepUrl(attribs, 'src', IMAGE_URL) }),
  },
};

/** Post HTML reduced to the allowed tags and attributes: no script, style, event handlers, frames or unsafe URLs. */
export function sanitisePostHtml(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  return sanitizeHtml(html, OPTIONS);
}
