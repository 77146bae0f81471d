import { describe, expect, it } from 'vitest';
import { clipboardReducer, cutIds, EMPTY_CLIPBOARD, planPaste, takeProblem } from './clipboard.ts';

describe('clipboard', () => {
  it('copy and cut keep the ids; clear empties it', () => {
    const copied = clipboardReducer(EMPTY_CLIPBOARD, { type: 'copy', ids: [1, 2] });
    expect(copied).toEqual({ mode: 'copy', ids: [1, 2] });
    const cut = clipboardReducer(copied, { type: 'cut', ids: [3] });
    expect(cut).toEqual({ mode: 'cut', ids: [3] });
    expect([...cutIds(cut)]).toEqual([3]);
    expect(cutIds(copied).size).toBe(0);
    expect(clipboardReducer(cut, { type: 'clear' })).toBe(EMPTY_CLIPBOARD);
  });

  it('taking nothing leaves the clipboard as it was and says why', () => {
    const copied = clipboardReducer(EMPTY_CLIPBOARD, { type: 'copy', ids: [1] });
    expect(clipboardReducer(copied, { type: 'cut', ids: [] })).toBe(copied);
    expect(takeProblem('copy', [])).toBe('No contacts selected to copy');
    expect(takeProblem('cut', [])).toBe('No contacts selected to cut');
    expect(takeProblem('cut', [4])).toBeNull();
  });

  it('pastes only into a group of the book', () => {
    const cut = clipboardReducer(EMPTY_CLIPBOARD, { type: 'cut', ids: [5, 6] });
    expect(planPaste(EMPTY_CLIPBOARD, { kind: 'group', id: 1 })).toEqual({
      ok: false,
      message: 'There are no contacts to paste',
    });
    expect(planPaste(cut, { kind: 'view', view: 'entire' })).toEqual({
      ok: false,
      message: 'Please select a specific group to paste to',
    });
    expect(planPaste(cut, { kind: 'view', view: 'selected' })).toEqual({
      ok: false,
      message: 'Please select a specific group to paste to',
    });
    expect(planPaste(cut, null)).toEqual({ ok: false, message: 'Please select a specific group to paste to' });
    expect(planPaste(cut, { kind: 'group', id: 9 })).toEqual({
      ok: true,
      contactIds: [5, 6],
      groupId: 9,
      removeOriginals: true,
    });
    const copied = clipboardReducer(EMPTY_CLIPBOARD, { type: 'copy', ids: [5] });
    expect(planPaste(copied, { kind: 'group', id: 9 })).toMatchObject({ ok: true, removeOriginals: false });
  });
});
