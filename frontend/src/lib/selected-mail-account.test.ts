import { describe, expect, it } from 'vitest';
import {
  clearSelectedMailAccount,
  readSelectedMailAccount,
  readSelectedMailAccountId,
  SELECTED_MAIL_ACCOUNT_CHANGED,
  STORAGE_KEYS,
  writeSelectedMailAccount,
} from './storage.ts';

describe('the selected mail account', () => {
  it('is stored under `email` and read back, id included', () => {
    let changes = 0;
    window.addEventListener(SELECTED_MAIL_ACCOUNT_CHANGED, () => changes++);
    writeSelectedMailAccount({ id: 7, name: '김민준', email: 'casting@agency.kr', picture: null });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.email) ?? '')).toEqual({
      id: 7,
      name: '김민준',
      email: 'casting@agency.kr',
      picture: null,
    });
    expect(readSelectedMailAccount()).toEqual({ id: 7, name: '김민준', email: 'casting@agency.kr', picture: null });
    expect(readSelectedMailAccountId()).toBe('7');
    expect(changes).toBe(1);
  });

  it('is forgotten on clear, and a value that is not an account reads as none', () => {
    writeSelectedMailAccount({ id: 1, name: 'A', email: 'a@b.kr', picture: null });
    clearSelectedMailAccount();
    expect(readSelectedMailAccount()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.email, 'not json');
    expect(readSelectedMailAccount()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.email, JSON.stringify({ name: 'x' }));
    expect(readSelectedMailAccount()).toBeNull();
  });
});
