// Generated SVG images: account avatars, file thumbnails and file-type icons.
import { escapeHtml } from './http.ts';
import { FOLDER_MIME, SPREADSHEET_MIME, DOCUMENT_MIME, type Account, type DriveNode } from './store.ts';

const PALETTE = [
  '#1a73e8',
  '#188038',
  '#d93025',
  '#e37400',
  '#9334e6',
  '#007b83',
  '#c5221f',
  '#3f51b5',
  '#795548',
  '#00897b',
];

function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

const colorOf = (key: string) => PALETTE[hashOf(key) % PALETTE.length];
const FONT = "'Noto Sans KR','Apple SD Gothic Neo','Malgun Gothic',sans-serif";

function initialsOf(account: Account): string {
  if (/[가-힣]/.test(account.givenName)) return account.givenName.slice(0, 2);
  const words = account.name.split(/\s+/).filter(Boolean);
  return (
    words
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
      .toUpperCase() || '?'
  );
}

export function avatarSvg(account: Account): string {
  const initials = escapeHtml(initialsOf(account));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(account.name)}">
<circle cx="48" cy="48" r="48" fill="${colorOf(account.email)}"/>
<text x="48" y="58" font-family="${FONT}" font-size="30" font-weight="600" fill="#fff" text-anchor="middle">${initials}</text>
</svg>`;
}

function label(text: string, max = 18): string {
  return escapeHtml(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

/** A thumbnail about `size` pixels on its longer side, drawn for the file's kind. */
export function thumbnailSvg(node: DriveNode, size: number): string {
  const width = Math.round(size * 0.75);
  const height = size;
  const color = colorOf(node.id);
  const name = node.name.replace(/\.[^.]+$/, '');
  let body: string;
  if (node.mimeType.startsWith('image/')) {
    // A portrait placeholder: a backdrop, a silhouette and the file name.
    body = `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="0.35"/><stop offset="1" stop-color="${color}"/></linearGradient></defs>
<rect width="300" height="400" fill="url(#g)"/>
<circle cx="150" cy="150" r="62" fill="#fff" fill-opacity="0.85"/>
<path d="M40 400c0-90 50-150 110-150s110 60 110 150z" fill="#fff" fill-opacity="0.85"/>
<rect y="340" width="300" height="60" fill="#000" fill-opacity="0.45"/>
<text x="150" y="378" font-family="${FONT}" font-size="22" fill="#fff" text-anchor="middle">${label(name)}</text>`;
  } else if (node.mimeType === SPREADSHEET_MIME) {
    const rows = Array.from(
      { length: 12 },
      (_, i) => `<line x1="20" y1="${90 + i * 24}" x2="280" y2="${90 + i * 24}" stroke="#c8e6c9"/>`,
    ).join('');
    const columns = Array.from(
      { length: 4 },
      (_, i) => `<line x1="${20 + (i + 1) * 65}" y1="66" x2="${20 + (i + 1) * 65}" y2="354" stroke="#c8e6c9"/>`,
    ).join('');
    body = `<rect width="300" height="400" fill="#fff"/><rect x="20" y="66" width="260" height="24" fill="#188038"/>${rows}${columns}
<rect x="20" y="66" width="260" height="288" fill="none" stroke="#188038"/>
<text x="150" y="44" font-family="${FONT}" font-size="22" fill="#188038" text-anchor="middle">${label(name)}</text>`;
  } else {
    const isPdf = node.mimeType === 'application/pdf';
    const badge = isPdf
      ? 'PDF'
      : node.mimeType === DOCUMENT_MIME
        ? 'DOC'
        : (/\.([^.]+)$/.exec(node.name)?.[1] ?? 'FILE').toUpperCase().slice(0, 4);
    const lines = Array.from(
      { length: 9 },
      (_, i) =>
        `<rect x="40" y="${110 + i * 24}" width="${i % 3 === 2 ? 150 : 220}" height="8" rx="4" fill="#dadce0"/>`,
    ).join('');
    body = `<rect width="300" height="400" fill="#fff"/><rect x="0.5" y="0.5" width="299" height="399" fill="none" stroke="#dadce0"/>
<text x="40" y="70" font-family="${FONT}" font-size="20" fill="#202124">${label(name, 20)}</text>${lines}
<rect x="200" y="330" width="80" height="44" rx="6" fill="${isPdf ? '#d93025' : '#1a73e8'}"/>
<text x="240" y="360" font-family="${FONT}" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">${escapeHtml(badge)}</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 300 400" role="img" aria-label="${escapeHtml(node.name)}">${body}</svg>`;
}

export function iconSvg(mimeType: string, size: number): string {
  let color: string;
  let letter = '';
  if (mimeType === FOLDER_MIME) color = '#5f6368';
  else if (mimeType === SPREADSHEET_MIME) [color, letter] = ['#188038', '≡'];
  else if (mimeType === DOCUMENT_MIME) [color, letter] = ['#1a73e8', '≡'];
  else if (mimeType === 'application/pdf') [color, letter] = ['#d93025', 'P'];
  else if (mimeType.startsWith('image/')) [color, letter] = ['#d93025', '▲'];
  else [color, letter] = ['#5f6368', '·'];
  const shape =
    mimeType === FOLDER_MIME
      ? `<path d="M1 3h5l1.5 1.5H15v9.5H1z" fill="${color}"/>`
      : `<rect x="2" y="1" width="12" height="14" rx="1.5" fill="${color}"/><text x="8" y="12" font-family="sans-serif" font-size="9" fill="#fff" text-anchor="middle">${escapeHtml(letter)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 16 16">${shape}</svg>`;
}
