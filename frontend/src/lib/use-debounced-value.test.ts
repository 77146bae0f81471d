import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value.ts';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('adopts a value only after the delay since its last change', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 2000), {
      initialProps: { value: '' },
    });
    rerender({ value: '배' });
    act(() => vi.advanceTimersByTime(1500));
    rerender({ value: '배우' });
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current[0]).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe('배우');
  });

  it('flush adopts the current value at once', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 2000), {
      initialProps: { value: '' },
    });
    rerender({ value: '모델' });
    act(() => result.current[1]());
    expect(result.current[0]).toBe('모델');
  });
});
