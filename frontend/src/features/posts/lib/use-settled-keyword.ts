import { useEffect, useEffectEvent, useState } from 'react';

/**
 * The keyword field of a list whose settled keyword is kept elsewhere (the address): what is typed settles
 * `delayMs` after the last keystroke (spec §4: 2 s on the dashboard), or at once with `settleNow` (the search
 * button). When the settled keyword changes from outside (back, a link), the field shows it.
 */
export function useSettledKeyword(settled: string, settle: (keyword: string) => void, delayMs: number) {
  const [keyword, setKeyword] = useState(settled);
  const [shownSettled, setShownSettled] = useState(settled);
  // Adjusted while rendering; a trailing space still being typed is not taken away by its own settling.
  if (settled !== shownSettled) {
    setShownSettled(settled);
    if (keyword.trim() !== settled) setKeyword(settled);
  }

  const onSettle = useEffectEvent(settle);
  const isPending = keyword.trim() !== settled;
  useEffect(() => {
    if (!isPending) return;
    const timer = setTimeout(() => onSettle(keyword), delayMs);
    return () => clearTimeout(timer);
  }, [keyword, isPending, delayMs]);

  return { keyword, setKeyword, isPending, settleNow: () => settle(keyword) };
}
