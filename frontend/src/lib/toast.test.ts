import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, showToast, toast, useToasts } from './toast.tsx';
import { renderHook, act } from '@testing-library/react';

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
    const { result } = renderHook(() => useToasts());
    act(() => result.current.forEach((shown) => dismissToast(shown.id)));
  });

  it('replace each other: the newest is the one on screen, never a pile', () => {
    const { result } = renderHook(() => useToasts());
    act(() => toast.error('Please enter an email subject.'));
    act(() => toast.error('Please select an email template'));
    act(() => toast.success('Email sent successfully!'));
    expect(result.current.map(({ tone, message }) => [tone, message])).toEqual([
      ['success', 'Email sent successfully!'],
    ]);
  });

  it('hide after their time, and a replaced one does not take its successor with it', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    act(() => toast.info('first', { hideAfterMs: 1000 }));
    act(() => toast.info('second', { hideAfterMs: 3000 }));
    act(() => void vi.advanceTimersByTime(1500));
    expect(result.current.map((shown) => shown.message)).toEqual(['second']);
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current).toEqual([]);
  });

  it('show a message under one id once, as a redirect chain may carry it twice', () => {
    const { result } = renderHook(() => useToasts());
    act(() => showToast('error', 'Session expired. Please login again.', 'session-expired'));
    act(() => showToast('error', 'Session expired. Please login again.', 'session-expired'));
    expect(result.current).toHaveLength(1);
  });
});
