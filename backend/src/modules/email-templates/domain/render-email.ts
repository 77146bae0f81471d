// The one renderer of e-mail templates (spec §3 placeholders, §5 HTML rules): the editor's preview, the Specify
// preview and the sent e-mail all come from here, so what staff see is what the customer gets. Pure.
//
// A template is text that may hold simple HTML and {{placeholders}}. Placeholders are swapped for markers, the
// lines become paragraphs, the whole passes the allowlist sanitiser (which drops scripts, handlers and unsafe
// URLs, whatever the template holds), and only then do the markers become the values: escaped text, or images
// and links the renderer writes itself from checked URLs. Each render's markers carry a random nonce, and values
// carry no marker characters, so neither a template (raw or entity-encoded) nor a field's value can forge one: a
// value lands only where a placeholder stood, escaped for that place.
import { randomBytes } from 'node:crypto';
import { Parser } from 'htmlparser2';
import { escapeHtml, safeHttpUrl, sanitiseHtml } from '../../../platform/domain/safe-html.js';

export interface EmailModel {
  comcardNo: string;
  image: string | null;
  nameEng: string | null;
  nameKor: string | null;
  national: string | null;
  stage: string | null;
  additionalPic: string | null;
  download: string | null;
  comcardPhotoURL: string | null;
  htmlUrl: string | null;
}

export interface EmailPost {
  postId: string;
  manager: string | null;
  phoneCall: string | null;
  customerEmail: string | null;
}

export interface EmailContext {
  post: EmailPost;
  /** The models selected for the post, in the order staff chose them. */
  models: readonly EmailModel[];
  /** The address the e-mail is sent from: {{email}}, and {{name}} is the part before the @. */
  senderEmail: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

/** A placeholder's value in both parts of the e-mail. */
interface Value {
  html: string;
  text: string;
}

type ModelTextField = 'comcardNo' | 'image' | 'nameEng' | 'nameKor' | 'national' | 'stage' | 'comcardPhotoURL';

/** Every placeholder of spec §3, by what it shows. */
export const PLACEHOLDERS = [
  'comcardNo',
  'image',
  'nameEng',
  'nameKor',
  'national',
  'stage',
  'postId',
  'additionalPic',
  'download',
  'comcardPhotoURL',
  'htmlUrl',
  'comcardPic',
  'manager',
  'phoneCall',
  'customerEmail',
  'email',
  'name',
  'modelCount',
  'allModelNames',
  'allModelNationalities',
  'modelList',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;
const KNOWN = new Set<string>(PLACEHOLDERS);
// Private-use characters: stripped from the template first, so only the renderer can write a marker.
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
const MARKER_CHARACTERS = /[\uE000\uE001]/g;

/** The e-mail's images: never wider than 300 px (spec §9), in clients that honour width or max-width. */
const IMAGE_STYLE = 'display:inline-block;width:300px;max-width:100%;height:auto;border:0;margin:4px 4px 4px 0';
const PARAGRAPH_STYLE = 'margin:0';
const WRAPPER_STYLE =
  "font-family:Arial,'Apple SD Gothic Neo','Malgun Gothic',sans-serif;font-size:14px;line-height:1.6;color:#222";
const MODEL_BLOCK_STYLE = 'display:block;margin:0 0 16px';

const text = (value: string): Value => ({ html: escapeHtml(value), text: value });
const present = (values: readonly (string | null)[]): string[] =>
  values.filter((v): v is string => !!v && v.trim() !== '');

function image(url: string | null, alt: string): Value | null {
  const safe = safeHttpUrl(url);
  if (!safe) return url?.trim() ? text(url.trim()) : null;
  return {
    html: `<img src="${escapeHtml(safe)}" alt="${escapeHtml(alt)}" width="300" style="${IMAGE_STYLE}">`,
    text: safe,
  };
}

function link(url: string | null, label?: string): Value | null {
  const safe = safeHttpUrl(url);
  // A value that is no http(s) address is shown as text, never made a link.
  if (!safe) return url?.trim() ? text(url.trim()) : null;
  const shown = label ?? safe;
  return {
    html: `<a href="${escapeHtml(safe)}" target="_blank" rel="noopener noreferrer">${escapeHtml(shown)}</a>`,
    text: label ? `${label}: ${safe}` : safe,
  };
}

function join(values: readonly (Value | null)[], separator = ', '): Value {
  const kept = values.filter((v): v is Value => v !== null);
  return { html: kept.map((v) => v.html).join(escapeHtml(separator)), text: kept.map((v) => v.text).join(separator) };
}

const modelName = (model: EmailModel) =>
  model.nameEng && model.nameKor
    ? `${model.nameEng} (${model.nameKor})`
    : (model.nameEng ?? model.nameKor ?? model.comcardNo);

/** One model in {{modelList}}: inline elements only (spans as blocks), so it is valid inside a paragraph. */
function modelBlock(model: EmailModel): Value {
  const heading = present([model.comcardNo, model.nameEng, model.nameKor]).join(' · ');
  const details = present([model.national, model.stage]).join(' · ');
  const links = join(
    [link(model.htmlUrl, 'Profile'), link(model.download, 'Download'), link(model.additionalPic, 'More photos')],
    ' | ',
  );
  const photo = image(model.comcardPhotoURL, modelName(model));
  const html = [
    `<strong>${escapeHtml(heading)}</strong>`,
    details ? escapeHtml(details) : null,
    photo?.html ?? null,
    links.html || null,
  ].filter((part): part is string => part !== null);
  const plain = [heading, details || null, photo ? photo.text : null, links.text || null].filter(
    (part): part is string => !!part,
  );
  return { html: `<span style="${MODEL_BLOCK_STYLE}">${html.join('<br>')}</span>`, text: plain.join('\n') };
}

function valueOf(name: Placeholder, context: EmailContext): Value {
  const { models, post } = context;
  const field = (key: ModelTextField) => text(present(models.map((m) => m[key])).join(', '));
  switch (name) {
    case 'comcardNo':
    case 'image':
    case 'nameEng':
    case 'nameKor':
    case 'national':
    case 'stage':
    case 'comcardPhotoURL':
      return field(name);
    case 'comcardPic':
      return join(
        models.map((m) => image(m.comcardPhotoURL, modelName(m))),
        ' ',
      );
    case 'additionalPic':
      return join(
        models.map((m) => image(m.additionalPic, modelName(m))),
        ' ',
      );
    case 'download':
      return join(models.map((m) => link(m.download)));
    case 'htmlUrl':
      return join(models.map((m) => link(m.htmlUrl)));
    case 'postId':
      return text(post.postId);
    case 'manager':
      return text(post.manager ?? '');
    case 'phoneCall':
      return text(post.phoneCall ?? '');
    case 'customerEmail':
      return text(post.customerEmail ?? '');
    case 'email':
      return text(context.senderEmail);
    case 'name':
      return text(context.senderEmail.split('@')[0] ?? '');
    case 'modelCount':
      return text(String(models.length));
    case 'allModelNames':
      return text(models.map(modelName).join(', '));
    case 'allModelNationalities':
      return text([...new Set(present(models.map((m) => m.national)))].join(', '));
    case 'modelList': {
      const blocks = models.map(modelBlock);
      return { html: blocks.map((b) => b.html).join(''), text: blocks.map((b) => b.text).join('\n\n') };
    }
  }
}

/** Windows and old Mac line endings as newlines (spec §5: before saving, and before rendering). */
export function normaliseNewlines(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

interface Marked {
  /** The template with its known placeholders as markers. */
  marked: string;
  /** Puts the values in place of this render's markers (as HTML or as text) and drops any other marker character. */
  fill: (output: string, part: keyof Value) => string;
}

const withoutMarkers = (value: Value): Value => ({
  html: value.html.replace(MARKER_CHARACTERS, ''),
  text: value.text.replace(MARKER_CHARACTERS, ''),
});

/** The template's known placeholders as markers of this render only. */
function mark(template: string, context: EmailContext): Marked {
  const nonce = randomBytes(8).toString('hex');
  const markers = new RegExp(`${MARK_OPEN}${nonce}:(\\d+)${MARK_CLOSE}`, 'g');
  const values: Value[] = [];
  const cache = new Map<string, number>();
  const marked = normaliseNewlines(template)
    .replace(MARKER_CHARACTERS, '')
    .replace(PLACEHOLDER_PATTERN, (whole, name: string) => {
      // An unknown placeholder stays as typed, so that a typo is seen rather than sent blank.
      if (!KNOWN.has(name)) return whole;
      let index = cache.get(name);
      if (index === undefined) {
        index = values.push(withoutMarkers(valueOf(name as Placeholder, context))) - 1;
        cache.set(name, index);
      }
      return `${MARK_OPEN}${nonce}:${index}${MARK_CLOSE}`;
    });
  return {
    marked,
    fill: (output, part) =>
      output.replace(markers, (_, i: string) => values[Number(i)]?.[part] ?? '').replace(MARKER_CHARACTERS, ''),
  };
}

/** The template as the e-mail's HTML (a wrapping div, a paragraph per line) and its plain-text part. */
export function renderEmail(template: string, context: EmailContext): RenderedEmail {
  const { marked, fill } = mark(template, context);
  const paragraphs = marked
    .split('\n')
    .map((line) => `<p>${line.trim() === '' ? '<br>' : line}</p>`)
    .join('');
  // In attributes (an alt, a link a template writes itself) a placeholder is its plain value, checked like any.
  const safe = sanitiseHtml(paragraphs, { attributeValue: (value) => fill(value, 'text') });
  // What is left of the markers stands in text: it becomes the values' HTML.
  const html = fill(safe.replace(/<p>/g, `<p style="${PARAGRAPH_STYLE}">`), 'html');
  return { html: `<div style="${WRAPPER_STYLE}">${html}</div>`, text: htmlToText(html) };
}

/** A subject line: placeholders as plain text, no markup, one line. */
export function renderSubject(subject: string, context: EmailContext): string {
  const { marked, fill } = mark(subject, context);
  return fill(marked, 'text').replace(/\s+/g, ' ').trim();
}

/** A whole HTML document around rendered HTML, as stored with a template and sent. */
export function htmlDocument(html: string, title: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body>${html}</body></html>`;
}

const BLOCK_ENDS = new Set(['p', 'div', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table']);

/** The plain-text part: paragraphs and breaks as lines, links as their text with the address, images as theirs. */
export function htmlToText(html: string): string {
  // Pieces joined once at the end: appending to one string and asking its end or a slice of it would flatten the
  // whole text again at every tag.
  const pieces: string[] = [];
  let endsWithNewline = false;
  const put = (piece: string) => {
    if (piece === '') return;
    pieces.push(piece);
    endsWithNewline = piece.endsWith('\n');
  };
  const links: { href: string; start: number }[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'br') put('\n');
        else if (name === 'img' && attributes.src) put(attributes.src);
        else if (name === 'a') links.push({ href: attributes.href ?? '', start: pieces.length });
        else if (
          name === 'span' &&
          /display:block/.test(attributes.style ?? '') &&
          pieces.length > 0 &&
          !endsWithNewline
        )
          put('\n');
      },
      ontext(chunk) {
        put(chunk);
      },
      onclosetag(name) {
        if (name === 'a') {
          const opened = links.pop();
          const label = opened ? pieces.slice(opened.start).join('') : '';
          if (opened?.href && label !== opened.href) put(` (${opened.href})`);
        } else if (BLOCK_ENDS.has(name)) put('\n');
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return pieces
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The fixed sample the template editor previews with (spec §9: preview sample values fixed). Its pictures are the
 * app's own (`/samples/`), so the preview shows them wherever the app runs.
 */
export function sampleContext(publicUrl: string): EmailContext {
  const asset = (file: string) => new URL(`/samples/${file}`, publicUrl).href;
  const model = (
    n: number,
    fields: Pick<EmailModel, 'comcardNo' | 'nameEng' | 'nameKor' | 'national' | 'stage'>,
  ): EmailModel => ({
    ...fields,
    image: asset(`model-${n}.svg`),
    comcardPhotoURL: asset(`comcard-${n}.svg`),
    additionalPic: asset(`additional-${n}.svg`),
    download: `https://drive.google.com/uc?export=download&id=sample-comcard-${n}`,
    htmlUrl: `https://drive.google.com/open?id=sample-profile-${n}`,
  });
  return {
    post: {
      postId: 'P-20261125-001',
      manager: '김민지 실장',
      phoneCall: '010-1234-5678',
      customerEmail: 'casting@studio.example',
    },
    senderEmail: 'jobcasting.agency@gmail.com',
    models: [
      model(1, {
        comcardNo: 'JC-1024',
        nameEng: 'Emily Carter',
        nameKor: '에밀리 카터',
        national: 'USA',
        stage: 'Actor',
      }),
      model(2, {
        comcardNo: 'JC-2048',
        nameEng: 'Lucas Martin',
        nameKor: '루카스 마틴',
        national: 'France',
        stage: 'Model',
      }),
    ],
  };
}
