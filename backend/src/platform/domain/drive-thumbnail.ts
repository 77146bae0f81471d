// The thumbnail of a model's Drive link (spec §3: the link's id query parameter yields a thumbnail at width 200). Pure.

const DRIVE_HOSTS = new Set(['drive.google.com', 'docs.google.com']);
const DRIVE_ID = /^[A-Za-z0-9_-]{10,200}$/;

/** The id of the Drive file a link points at (`?id=` or `/d/<id>/`); null for links that are not to a Drive file. */
export function driveFileId(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (!DRIVE_HOSTS.has(url.hostname)) return null;
  const id = url.searchParams.get('id') ?? /\/d\/([^/]+)/.exec(url.pathname)?.[1] ?? null;
  return id && DRIVE_ID.test(id) ? id : null;
}

/** Google's thumbnail of the Drive file a link points at, 200 px wide; null for other links. */
export function driveThumbnailUrl(link: string | null | undefined, width = 200): string | null {
  const id = driveFileId(link);
  return id ? `https://drive.google.com/thumbnail?id=${id}&sz=w${width}` : null;
}
