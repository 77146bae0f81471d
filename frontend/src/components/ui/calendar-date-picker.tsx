import type { CalendarDate } from '@internationalized/date';
import { useState } from 'react';
import {
  Button as AriaButton,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Dialog,
  DialogTrigger,
  Heading,
  I18nProvider,
  Popover,
} from 'react-aria-components';
import { koreanCalendarToday } from '../../lib/korean-time.ts';
import { focusRing } from './focus-ring.ts';

interface CalendarDatePickerProps {
  /** Names the field for screen readers; the button shows the date or the placeholder. */
  label: string;
  value: CalendarDate | null;
  onChange: (value: CalendarDate) => void;
  /** Days before it cannot be chosen. */
  minValue?: CalendarDate;
  /** Days after it cannot be chosen. */
  maxValue?: CalendarDate;
  isDisabled?: boolean;
}

const navButton = `flex size-8 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 data-disabled:cursor-default data-disabled:opacity-40 ${focusRing}`;

/**
 * One day from a Korean calendar (weeks from Sunday, spec §2 and §9), shown as yyyy-MM-dd on its button, or
 * Select Date before one is chosen. The calendar takes the arrow keys and Enter. Without a value it opens on
 * Korea's today, not the browser's: from 00:00 to 09:00 in Korea a browser on UTC is still on the day before.
 */
export function CalendarDatePicker({
  label,
  value,
  onChange,
  minValue,
  maxValue,
  isDisabled,
}: CalendarDatePickerProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <AriaButton
        isDisabled={isDisabled}
        aria-label={`${label}: ${value ? value.toString() : 'Select Date'}`}
        className={`flex h-10 min-w-36 cursor-pointer items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-xs
          disabled:cursor-not-allowed disabled:bg-slate-100 ${value ? 'text-slate-900 tabular-nums' : 'text-slate-600'} ${focusRing}`}
      >
        {value ? value.toString() : 'Select Date'}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4 text-slate-600"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          <rect x="3" y="4.5" width="14" height="12" rx="2" />
          <path d="M3 8.5h14M7 2.5v4M13 2.5v4" />
        </svg>
      </AriaButton>
      <Popover placement="bottom start" className="rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
        <Dialog aria-label={label} className="outline-none">
          <I18nProvider locale="ko-KR">
            <Calendar
              aria-label={label}
              autoFocus
              value={value}
              defaultFocusedValue={value ?? koreanCalendarToday()}
              minValue={minValue}
              maxValue={maxValue}
              firstDayOfWeek="sun"
              onChange={(day) => {
                onChange(day);
                setOpen(false);
              }}
            >
              <header className="mb-2 flex items-center justify-between gap-2">
                <AriaButton slot="previous" className={navButton}>
                  <span aria-hidden="true">‹</span>
                </AriaButton>
                <Heading className="text-sm font-semibold text-slate-900" />
                <AriaButton slot="next" className={navButton}>
                  <span aria-hidden="true">›</span>
                </AriaButton>
              </header>
              <CalendarGrid className="border-separate border-spacing-0.5">
                <CalendarGridHeader>
                  {(day) => (
                    <CalendarHeaderCell className="pb-1 text-xs font-medium text-slate-600">{day}</CalendarHeaderCell>
                  )}
                </CalendarGridHeader>
                <CalendarGridBody>
                  {(date) => (
                    <CalendarCell
                      date={date}
                      className={`flex size-9 cursor-pointer items-center justify-center rounded-md text-sm text-slate-800 outline-none hover:bg-slate-100
                        data-outside-month:hidden data-disabled:cursor-default data-disabled:text-slate-400 data-disabled:hover:bg-transparent
                        data-selected:bg-brand-700 data-selected:font-semibold data-selected:text-white data-focus-visible:ring-2 data-focus-visible:ring-brand-600`}
                    />
                  )}
                </CalendarGridBody>
              </CalendarGrid>
            </Calendar>
          </I18nProvider>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
