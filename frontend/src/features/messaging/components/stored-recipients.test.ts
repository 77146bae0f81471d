import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { takeStoredContactIds } from './stored-recipients.ts';

const KEY = STORAGE_KEYS.selectedContactsForMessage;

describe('takeStoredContactIds', () => {
  it('reads the ids Send Selected Items stored and removes the key', () => {
    localStorage.setItem(KEY, JSON.stringify([12, 7, 30]));
    expect(takeStoredContactIds()).toEqual([12, 7, 30]);
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(takeStoredContactIds()).toEqual([]);
  });

  it('is empty when nothing was stored', () => {
    expect(takeStoredContactIds()).toEqual([]);
  });

  it('keeps whole positive ids once, numeric strings included, and drops the rest', () => {
    localStorage.setItem(KEY, JSON.stringify([3, '4', 3, 0, -1, 2.5, 'x', null]));
    expect(takeStoredContactIds()).toEqual([3, 4]);
  });

  it('reads anything but a list as none, and still removes it', () => {
    for (const value of ['not json', '{"ids":[1]}', '5']) {
      localStorage.setItem(KEY, value);
      expect(takeStoredContactIds()).toEqual([]);
      expect(localStorage.getItem(KEY)).toBeNull();
    }
  });
});
