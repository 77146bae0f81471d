import type { Schemas } from '@job-casting/contracts';
import { useState } from 'react';
import { FieldError, Form, Input, Label, TextField } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { parseGoToPage, sanitizePageInput } from '../domain/go-to-page.ts';
import { countOf } from '../../../lib/count-words.ts';

interface PostPagerProps {
  pagination: Schemas['PaginationDto'];
  onPageChange: (page: number) => void;
}

/** First, previous, next, last and go-to-page (spec §2); the go-to field follows spec §5. */
export function PostPager({ pagination, onPageChange }: PostPagerProps) {
  const { currentPage, totalPages, hasPreviousPage, hasNextPage, totalItems } = pagination;
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | undefined>();
  const last = Math.max(1, totalPages);

  const go = () => {
    const result = parseGoToPage(input, last);
    if (!result.ok) return setError(result.message);
    setError(undefined);
    setInput('');
    onPageChange(result.page);
  };

  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-start justify-between gap-3">
      <p className="pt-2 text-sm text-slate-700" aria-live="polite">
        Page {Math.min(currentPage, last)} of {last} · {countOf(totalItems, 'post')}
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <Button variant="secondary" className="h-9 px-3" isDisabled={!hasPreviousPage} onPress={() => onPageChange(1)}>
          First
        </Button>
        <Button
          variant="secondary"
          className="h-9 px-3"
          isDisabled={!hasPreviousPage}
          onPress={() => onPageChange(currentPage - 1)}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          className="h-9 px-3"
          isDisabled={!hasNextPage}
          onPress={() => onPageChange(currentPage + 1)}
        >
          Next
        </Button>
        <Button variant="secondary" className="h-9 px-3" isDisabled={!hasNextPage} onPress={() => onPageChange(last)}>
          Last
        </Button>
        <Form
          className="flex items-start gap-2"
          validationBehavior="aria"
          onSubmit={(event) => {
            event.preventDefault();
            go();
          }}
        >
          <TextField
            value={input}
            onChange={(value) => {
              setInput(sanitizePageInput(value, last));
              setError(undefined);
            }}
            isInvalid={!!error}
            className="flex flex-col gap-1"
          >
            <Label className="sr-only">Go to page</Label>
            <Input
              inputMode="numeric"
              placeholder={`1–${last}`}
              className="h-9 w-20 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 outline-none
                placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 data-invalid:border-red-600"
            />
            <FieldError className="max-w-40 text-xs font-medium text-red-700">{error}</FieldError>
          </TextField>
          <Button type="submit" variant="secondary" className="h-9 px-3">
            Go
          </Button>
        </Form>
      </div>
    </nav>
  );
}
