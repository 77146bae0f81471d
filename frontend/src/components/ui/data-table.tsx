import type { ReactNode } from 'react';

/**
 * The parts every data table shares: a scroll area that keeps the header row in view, and cell classes for a
 * first column (selection, name) and a last column (row actions) that stay put while the table scrolls sideways.
 *
 * Cells are separated (border-spacing 0), not collapsed: collapsed borders do not travel with sticky cells. A
 * frozen body cell takes its row's background, so rows need an opaque one (`tableRow`, or another opaque colour).
 */

/** Where a cell stays while the table scrolls sideways. */
export type Freeze = 'start' | 'end';

interface TableScrollProps {
  /** Names the scroll area for screen readers; it takes the focus so that keyboards can scroll it. */
  label: string;
  children: ReactNode;
  /** Height limit of the scroll area; by default it fits under the app's header. */
  maxHeight?: string;
  isBusy?: boolean;
  className?: string;
}

/** The scroll area of a table: scrolls both ways, its header row sticks to its top. */
export function TableScroll({
  label,
  children,
  maxHeight = 'max-h-[calc(100vh-8rem)]',
  isBusy = false,
  className = '',
}: TableScrollProps) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={isBusy || undefined}
      tabIndex={0}
      className={`overflow-auto overscroll-x-contain rounded-xl border border-slate-200 bg-white outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${maxHeight} ${isBusy ? 'opacity-70' : ''} ${className}`}
    >
      {children}
    </div>
  );
}

export const tableClass = 'w-full border-separate border-spacing-0 text-left text-sm';

/** A body row with the opaque background its frozen cells take; its cells align as the row says (align-top). */
export const tableRow = 'bg-white hover:bg-slate-50';

const FROZEN: Record<Freeze, string> = {
  start: 'left-0 shadow-[inset_-1px_0_0_var(--color-slate-200)]',
  end: 'right-0 shadow-[inset_1px_0_0_var(--color-slate-200)]',
};

/** A header cell: sticks to the top, and to a side too when frozen. */
export function headCell(freeze?: Freeze): string {
  const base =
    'sticky top-0 border-b border-slate-200 bg-slate-50 px-3 py-2 text-left align-bottom text-xs font-semibold whitespace-nowrap text-slate-700';
  return freeze ? `${base} z-20 ${FROZEN[freeze]}` : `${base} z-10`;
}

/**
 * A cell that stays at its side over the cells that scroll under it, on its row's background. Its distance from
 * that side is 0 unless a style says otherwise (several frozen columns side by side).
 */
export function frozenCell(freeze: Freeze): string {
  return `sticky z-[1] bg-inherit ${FROZEN[freeze]}`;
}

/** A body cell, frozen at a side or not. */
export function bodyCell(freeze?: Freeze): string {
  const base = 'border-b border-slate-100 px-3 py-2 text-slate-800';
  return freeze ? `${base} ${frozenCell(freeze)}` : base;
}
