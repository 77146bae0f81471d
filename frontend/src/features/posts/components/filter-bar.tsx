import { useState } from 'react';
import { Input, Label, TextField, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import {
  GENDER_FILTERS,
  PAGE_SIZES,
  SEARCH_SCOPES,
  type DateRange,
  type GenderFilter,
  type PageSize,
  type SearchScope,
} from '../api/post-source.ts';
import type { Language } from './post-card.tsx';
import type { PostsView } from '../lib/posts-view.ts';
import { koreanToday, koreanYesterday } from '../../../lib/korean-time.ts';

const inputClass = `h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs outline-none
  placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40 data-invalid:border-red-600`;

const SCOPE_LABELS: Record<SearchScope, string> = { all: 'All', title: 'Title', body: 'Body' };

export interface FilterBarProps {
  gender: GenderFilter;
  onGenderChange: (gender: GenderFilter) => void;
  language: Language;
  onLanguageChange: (language: Language) => void;
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  /** Typed but not yet searched: the keyword waits for the typing to stop. */
  isKeywordPending?: boolean;
  /** The list is being fetched for the current filters. */
  isSearching?: boolean;
  scope: SearchScope;
  onScopeChange: (scope: SearchScope) => void;
  /** The search button: searches at once, on page 1. */
  onSearchNow: () => void;
  dateRange: DateRange | null;
  onDateRangeChange: (range: DateRange | null) => void;
  pageSize: PageSize;
  onPageSizeChange: (size: PageSize) => void;
  /** The posts as cards or as a list; absent where a page has only cards. */
  view?: PostsView;
  onViewChange?: (view: PostsView) => void;
}

const VIEW_OPTIONS = [
  { id: 'cards', label: 'Cards' },
  { id: 'list', label: 'List' },
] as const;

function DateRangeFilter({
  applied,
  onChange,
}: {
  applied: DateRange | null;
  onChange: (range: DateRange | null) => void;
}) {
  const [startDate, setStartDate] = useState(applied?.startDate ?? '');
  const [endDate, setEndDate] = useState(applied?.endDate ?? '');
  const [error, setError] = useState<string | null>(null);
  // The applied range can change from outside (back, a shared link): the fields then show it.
  const appliedKey = applied ? `${applied.startDate}/${applied.endDate}` : '';
  const [shownKey, setShownKey] = useState(appliedKey);
  if (appliedKey !== shownKey) {
    setShownKey(appliedKey);
    setStartDate(applied?.startDate ?? '');
    setEndDate(applied?.endDate ?? '');
  }

  const applyDay = (day: string) => {
    setStartDate(day);
    setEndDate(day);
    setError(null);
    onChange({ startDate: day, endDate: day });
  };

  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Date range</legend>
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          value={startDate}
          onChange={setStartDate}
          className="flex flex-col gap-1"
          isInvalid={!!error && !startDate}
        >
          <Label className="text-xs text-slate-700">Start date</Label>
          <Input type="date" className={inputClass} />
        </TextField>
        <TextField
          value={endDate}
          onChange={setEndDate}
          className="flex flex-col gap-1"
          isInvalid={!!error && !endDate}
        >
          <Label className="text-xs text-slate-700">End date</Label>
          <Input type="date" className={inputClass} />
        </TextField>
        <Button variant="secondary" onPress={() => applyDay(koreanToday())}>
          Today
        </Button>
        <Button variant="secondary" onPress={() => applyDay(koreanYesterday())}>
          Yesterday
        </Button>
        <Button
          onPress={() => {
            if (!startDate || !endDate) return setError('Please select both start and end dates.');
            setError(null);
            onChange(startDate <= endDate ? { startDate, endDate } : { startDate: endDate, endDate: startDate });
          }}
        >
          Apply
        </Button>
        <Button
          variant="secondary"
          onPress={() => {
            setStartDate('');
            setEndDate('');
            setError(null);
            onChange(null);
          }}
        >
          Reset
        </Button>
      </div>
      <p role="alert" className="min-h-5 text-xs font-medium text-red-700">
        {error}
      </p>
    </fieldset>
  );
}

/** What the search is doing, so that the 2 s wait after typing does not look like a search that found nothing. */
function SearchState({ isKeywordPending, isSearching }: { isKeywordPending?: boolean; isSearching?: boolean }) {
  const text = isKeywordPending ? 'Search starts when you stop typing…' : isSearching ? 'Searching…' : '';
  return (
    <p role="status" className="flex h-10 items-center gap-2 text-sm text-slate-600">
      {text && (
        <span
          aria-hidden="true"
          className={`size-3.5 rounded-full border-2 border-slate-300 ${isKeywordPending ? 'border-dashed' : 'animate-spin border-t-brand-700'}`}
        />
      )}
      {text}
    </p>
  );
}

/** Gender, language, keyword with scope, date range and items per page (spec §2, dashboard filter bar). */
export function FilterBar(props: FilterBarProps) {
  return (
    <section
      aria-label="Filters"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1.5">
          <span id="gender-filter-label" className="text-sm font-medium text-slate-800">
            Gender
          </span>
          <ToggleButtonGroup
            aria-labelledby="gender-filter-label"
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[props.gender]}
            onSelectionChange={(keys) => {
              const [key] = [...keys];
              if (key !== undefined) props.onGenderChange(key as GenderFilter);
            }}
            className="inline-flex rounded-lg bg-slate-100 p-1"
          >
            {GENDER_FILTERS.map((gender) => (
              <ToggleButton
                key={gender}
                id={gender}
                className={`h-8 rounded-md px-3 text-sm font-medium text-slate-700 cursor-pointer hover:text-slate-900
                  data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm ${focusRing}`}
              >
                {gender.trim()}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </div>
        <div className="w-36">
          <Select<Language>
            label="Language"
            value={props.language}
            onChange={props.onLanguageChange}
            options={[
              { id: 'kor', label: 'Korean' },
              { id: 'eng', label: 'English' },
            ]}
          />
        </div>
        <div className="w-28">
          <Select<PageSize>
            label="Items per page"
            value={props.pageSize}
            onChange={props.onPageSizeChange}
            options={PAGE_SIZES.map((size) => ({ id: size, label: String(size) }))}
          />
        </div>
        {props.view && props.onViewChange && (
          <div className="ml-auto">
            <SegmentedChoice<PostsView>
              label="View"
              options={VIEW_OPTIONS}
              value={props.view}
              onChange={props.onViewChange}
            />
          </div>
        )}
      </div>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSearchNow();
        }}
      >
        <TextField
          value={props.keyword}
          onChange={props.onKeywordChange}
          className="flex min-w-60 flex-1 flex-col gap-1.5"
        >
          <Label className="text-sm font-medium text-slate-800">Keyword</Label>
          <Input type="search" placeholder="Search posts" className={inputClass} />
        </TextField>
        <div className="w-32">
          <Select<SearchScope>
            label="Search in"
            value={props.scope}
            onChange={props.onScopeChange}
            options={SEARCH_SCOPES.map((scope) => ({ id: scope, label: SCOPE_LABELS[scope] }))}
          />
        </div>
        <Button type="submit">Search</Button>
        <SearchState isKeywordPending={props.isKeywordPending} isSearching={props.isSearching} />
      </form>
      <DateRangeFilter applied={props.dateRange} onChange={props.onDateRangeChange} />
    </section>
  );
}
