import type { GroupChoice } from '../api/contacts-keys.ts';

/** The contacts clipboard (spec §4): Copy keeps the checked contacts, Cut keeps and marks them for removal. */
export interface Clipboard {
  mode: 'copy' | 'cut' | null;
  ids: readonly number[];
}

export const EMPTY_CLIPBOARD: Clipboard = { mode: null, ids: [] };

export const CLIPBOARD_MESSAGES = {
  nothingToCopy: 'No contacts selected to copy',
  nothingToCut: 'No contacts selected to cut',
  nothingToPaste: 'There are no contacts to paste',
  pasteTarget: 'Please select a specific group to paste to',
} as const;

export type ClipboardAction = { type: 'copy' | 'cut'; ids: readonly number[] } | { type: 'clear' };

export function clipboardReducer(state: Clipboard, action: ClipboardAction): Clipboard {
  switch (action.type) {
    case 'copy':
    case 'cut':
      return action.ids.length === 0 ? state : { mode: action.type, ids: [...action.ids] };
    case 'clear':
      return EMPTY_CLIPBOARD;
  }
}

/** Why Copy or Cut cannot take these contacts, or null. */
export function takeProblem(mode: 'copy' | 'cut', checkedIds: readonly number[]): string | null {
  if (checkedIds.length > 0) return null;
  return mode === 'copy' ? CLIPBOARD_MESSAGES.nothingToCopy : CLIPBOARD_MESSAGES.nothingToCut;
}

export type PastePlan =
  { ok: true; contactIds: number[]; groupId: number; removeOriginals: boolean } | { ok: false; message: string };

/** What Paste does here: copies into a group of the book (never a system group), removing the originals after a cut. */
export function planPaste(clipboard: Clipboard, target: GroupChoice | null): PastePlan {
  if (clipboard.ids.length === 0 || clipboard.mode === null)
    return { ok: false, message: CLIPBOARD_MESSAGES.nothingToPaste };
  if (target?.kind !== 'group') return { ok: false, message: CLIPBOARD_MESSAGES.pasteTarget };
  return { ok: true, contactIds: [...clipboard.ids], groupId: target.id, removeOriginals: clipboard.mode === 'cut' };
}

/** The rows a cut marks (shown dimmed). */
export function cutIds(clipboard: Clipboard): ReadonlySet<number> {
  return new Set(clipboard.mode === 'cut' ? clipboard.ids : []);
}
