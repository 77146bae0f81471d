import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useListPage } from './use-list-page.ts';

describe('useListPage', () => {
  it('starts on page 1 after every change of filter, also back to an earlier one', () => {
    const { result, rerender } = renderHook(({ filter }) => useListPage(filter), { initialProps: { filter: 'All' } });
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);
    rerender({ filter: '남자' });
    expect(result.current[0]).toBe(1);
    rerender({ filter: 'All' });
    expect(result.current[0]).toBe(1);
  });

  it('keeps the page while the filter stays', () => {
    const { result, rerender } = renderHook(({ filter }) => useListPage(filter), { initialProps: { filter: 'All' } });
    act(() => result.current[1](2));
    rerender({ filter: 'All' });
    expect(result.current[0]).toBe(2);
    act(() => result.current[1](1));
    expect(result.current[0]).toBe(1);
  });
});
