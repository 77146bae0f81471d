import { useState } from 'react';

/**
 * The page of a list that belongs to one filter (spec §4: changing a filter resets to page 1). The page is kept
 * with the filter it was chosen under, and any change of filter, even back to an earlier one, starts on page 1.
 */
export function useListPage(filterKey: string): [page: number, setPage: (page: number) => void] {
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  // Adjusted while rendering, so the list never asks for the old page under the new filter.
  if (paging.filterKey !== filterKey) setPaging({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  return [page, (next: number) => setPaging({ filterKey, page: next })];
}
