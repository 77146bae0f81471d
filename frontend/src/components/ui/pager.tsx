import type { Schemas } from '@job-casting/contracts';
import { Button } from './button.tsx';

interface PagerProps {
  pagination: Schemas['PaginationDto'];
  onPageChange: (page: number) => void;
  /** Names the navigation when a page has more than one pager. */
  label?: string;
}

export function Pager({ pagination, onPageChange, label = 'Pagination' }: PagerProps) {
  const { currentPage, totalPages, hasPreviousPage, hasNextPage } = pagination;
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-end gap-3">
      <Button
        variant="secondary"
        className="h-9"
        isDisabled={!hasPreviousPage}
        onPress={() => onPageChange(currentPage - 1)}
      >
        Previous
      </Button>
      <span className="text-sm text-slate-700">
        Page {currentPage} of {totalPages}
      </span>
      <Button
        variant="secondary"
        className="h-9"
        isDisabled={!hasNextPage}
        onPress={() => onPageChange(currentPage + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
