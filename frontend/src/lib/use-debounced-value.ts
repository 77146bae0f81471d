import { useCallback, useEffect, useState } from 'react';

/**
 * The value as it was `delayMs` after its last change. `flush` adopts the current value at once (a search button
 * that runs without waiting); a later change starts a new wait.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [debounced: T, flush: () => void] {
  const [debounced, setDebounced] = useState(value);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);

  const flush = useCallback(() => setDebounced(value), [value]);
  return [debounced, flush];
}
