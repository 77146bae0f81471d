import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettledKeyword } from './use-settled-keyword.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(initial = '') {
  const settle = vi.fn<(keyword: string) => void>();
  const hook = renderHook(({ settled }) => useSettledKeyword(settled, settle, 2000), {
    initialProps: { settled: initial },
  });
  return { settle, ...hook };
}

describe('useSettledKeyword', () => {
  it('settles the keyword 2 s after the last keystroke, once', () => {
    const { result, settle } = setup();
    act(() => result.current.setKeyword('배'));
    act(() => void vi.advanceTimersByTime(1500));
    act(() => result.current.setKeyword('배우'));
    expect(result.current.isPending).toBe(true);
    act(() => void vi.advanceTimersByTime(1999));
    expect(settle).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(settle).toHaveBeenCalledTimes(1);
    expect(settle).toHaveBeenCalledWith('배우');
  });

  it('settles at once with settleNow', () => {
    const { result, settle } = setup();
    act(() => result.current.setKeyword('모델'));
    act(() => result.current.settleNow());
    expect(settle).toHaveBeenCalledWith('모델');
  });

  it('does not settle what is already settled, nor a trailing space', () => {
    const { result, settle, rerender } = setup('배우');
    expect(result.current.keyword).toBe('배우');
    act(() => result.current.setKeyword('배우 '));
    expect(result.current.isPending).toBe(false);
    act(() => void vi.advanceTimersByTime(5000));
    expect(settle).not.toHaveBeenCalled();
    // Its own settling leaves the field as typed.
    rerender({ settled: '배우' });
    expect(result.current.keyword).toBe('배우 ');
  });

  it('shows a keyword settled from outside (back, a link) and drops a pending one', () => {
    const { result, settle, rerender } = setup('배우');
    act(() => result.current.setKeyword('가수'));
    rerender({ settled: '모델' });
    expect(result.current.keyword).toBe('모델');
    expect(result.current.isPending).toBe(false);
    act(() => void vi.advanceTimersByTime(5000));
    expect(settle).not.toHaveBeenCalled();
  });
});
