/** Spec §9: the contact table counts pages of 100, though it renders every row. */
export const CONTACT_PAGE_SIZE = 100;

/** pages = ceil(total / 100), at least 1 so that an empty book reads page 1 / 1. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
}

/** The page (1-based) the row at this index belongs to. */
export function pageOfRow(rowIndex: number, total: number): number {
  return Math.min(pageCount(total), Math.floor(Math.max(0, rowIndex) / CONTACT_PAGE_SIZE) + 1);
}

/** The first row index of a page, clamped into the pages there are. */
export function firstRowOfPage(page: number, total: number): number {
  const clamped = Math.min(Math.max(1, Math.trunc(page)), pageCount(total));
  return (clamped - 1) * CONTACT_PAGE_SIZE;
}

/**
 * The first row in view: the table sets it as it scrolls and the pager shows its page. It lives outside the tab's
 * state so that scrolling re-renders the pager alone, not the whole tab.
 */
export interface FirstRowStore {
  get: () => number;
  set: (index: number) => void;
  subscribe: (listener: (index: number) => void) => () => void;
}

export function createFirstRowStore(): FirstRowStore {
  let first = 0;
  const listeners = new Set<(index: number) => void>();
  return {
    get: () => first,
    set: (index) => {
      if (index === first) return;
      first = index;
      for (const listener of listeners) listener(index);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
