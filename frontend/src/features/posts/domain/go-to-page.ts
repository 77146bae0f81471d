// The pager's go-to-page field (spec §5: digits only, at most as many digits as totalPages, 1 to totalPages). Pure.

/** What the field keeps of what was typed: digits only, no more of them than totalPages has. */
export function sanitizePageInput(raw: string, totalPages: number): string {
  return raw.replace(/\D/g, '').slice(0, String(Math.max(1, totalPages)).length);
}

export type GoToPageResult = { ok: true; page: number } | { ok: false; message: string };

export function parseGoToPage(input: string, totalPages: number): GoToPageResult {
  const text = input.trim();
  const last = Math.max(1, totalPages);
  const message = `Enter a page number from 1 to ${last}.`;
  if (!/^\d+$/.test(text) || text.length > String(last).length) return { ok: false, message };
  const page = Number(text);
  return page >= 1 && page <= last ? { ok: true, page } : { ok: false, message };
}
