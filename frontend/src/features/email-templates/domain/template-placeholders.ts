/** The placeholders an e-mail template may use, grouped as the editor's tabs show them. */
export interface PlaceholderTab {
  id: string;
  label: string;
  names: readonly string[];
}

export const PLACEHOLDER_TABS: readonly PlaceholderTab[] = [
  {
    id: 'model',
    label: 'Model Information',
    names: [
      'comcardNo',
      'nameEng',
      'nameKor',
      'national',
      'stage',
      'modelCount',
      'allModelNames',
      'allModelNationalities',
      'modelList',
    ],
  },
  {
    id: 'media',
    label: 'Media & Links',
    names: ['image', 'comcardPic', 'comcardPhotoURL', 'additionalPic', 'download', 'htmlUrl'],
  },
  {
    id: 'profile',
    label: 'Profile & Contact',
    names: ['postId', 'manager', 'phoneCall', 'customerEmail', 'email', 'name'],
  },
];

export const placeholder = (name: string) => `{{${name}}}`;

/**
 * The text with `insertion` put in place of the selection (or at the caret when nothing is selected), and where the
 * caret goes: just after the insertion. Out-of-range or reversed positions are tolerated, as a lost focus may leave them.
 */
export function insertAtCursor(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  insertion: string,
): { text: string; cursor: number } {
  const clamp = (position: number) =>
    Number.isFinite(position) ? Math.min(Math.max(Math.trunc(position), 0), text.length) : text.length;
  const start = Math.min(clamp(selectionStart), clamp(selectionEnd));
  const end = Math.max(clamp(selectionStart), clamp(selectionEnd));
  return { text: text.slice(0, start) + insertion + text.slice(end), cursor: start + insertion.length };
}

/** Windows (and old Mac) line endings as newlines, the form templates are stored in. */
export const normaliseNewlines = (text: string) => text.replace(/\r\n?/g, '\n');
