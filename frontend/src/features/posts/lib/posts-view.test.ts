import { renderHook, act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { readPostsView, usePostsView, writePostsView } from './posts-view.ts';

afterEach(() => localStorage.clear());

describe('the dashboard view preference', () => {
  it('reads cards until list is chosen, and list after', () => {
    expect(readPostsView()).toBe('cards');
    writePostsView('list');
    expect(localStorage.getItem(STORAGE_KEYS.postsView)).toBe('list');
    expect(readPostsView()).toBe('list');
    writePostsView('cards');
    expect(readPostsView()).toBe('cards');
  });

  it('reads anything else stored as cards', () => {
    for (const stored of ['table', 'LIST', '', '"list"']) {
      localStorage.setItem(STORAGE_KEYS.postsView, stored);
      expect(readPostsView()).toBe('cards');
    }
  });

  it('still switches when the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(readPostsView(refusing)).toBe('cards');
    expect(() => writePostsView('list', refusing)).not.toThrow();
  });

  it('the hook starts from the stored view and remembers a new choice for the next visit', () => {
    writePostsView('list');
    const first = renderHook(() => usePostsView());
    expect(first.result.current[0]).toBe('list');
    act(() => first.result.current[1]('cards'));
    expect(first.result.current[0]).toBe('cards');
    first.unmount();
    // A later visit (a new mount) starts where the last one left off.
    expect(renderHook(() => usePostsView()).result.current[0]).toBe('cards');
  });
});
