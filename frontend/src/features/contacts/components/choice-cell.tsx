import { choiceOf, CONTACT_CHOICE_FIELDS, type ContactChoice, type ContactChoiceField } from '@job-casting/rules';
import { memo, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';

/** react-aria keys cannot be empty: blank is chosen under this one. */
const BLANK_KEY = '__blank__';
const keyOf = (value: string) => (value === '' ? BLANK_KEY : value);
const valueOf = (key: string) => (key === BLANK_KEY ? '' : key);

export interface ChoiceCellOption extends ContactChoice {
  /** What the cell shows when it is chosen: the code or the word, without its meaning. */
  short: string;
}

/**
 * The choices of a field as a cell offers them. A stored value that is none of them (an old import's '2' or
 * '확인중') is kept as a choice of its own, marked, so that it stays visible until someone picks a listed value.
 */
export function cellChoices(field: ContactChoiceField, stored: string): ChoiceCellOption[] {
  const listed = CONTACT_CHOICE_FIELDS[field].map((choice) => ({
    ...choice,
    short: choice.value === '' ? '—' : choice.value,
  }));
  const current = stored.trim();
  if (current === '' || choiceOf(field, current)) return listed;
  return [...listed, { value: current, label: `${current} (not in the list)`, short: current }];
}

/** The stored value as the list holds it: a checklist in any spelling is its listed word. */
export function shownValue(field: ContactChoiceField, stored: string): string {
  return choiceOf(field, stored)?.value ?? stored.trim();
}

interface ChoiceCellProps {
  field: ContactChoiceField;
  value: string;
  label: string;
  onCommit: (value: string) => void;
  isDisabled?: boolean;
  className?: string;
}

const triggerClass = `flex h-8 w-full min-w-0 cursor-pointer items-center justify-between gap-1 rounded border border-transparent
  bg-transparent px-1.5 text-left text-sm text-slate-900 outline-none hover:border-slate-300 focus-visible:border-brand-600
  focus-visible:ring-2 focus-visible:ring-brand-600/30 disabled:cursor-not-allowed disabled:bg-slate-100`;

const arrow = (
  <span aria-hidden="true" className="text-xs text-slate-500">
    ▾
  </span>
);

/**
 * A cell with a fixed set of values, chosen from a list (keyboard: Enter, Space or an arrow opens it, arrows move,
 * Enter picks). Until someone opens it, the cell is a plain button that looks and reads the same: a table shows
 * three such cells a row, and a list box of its own for each made every scroll step's render take over 50 ms.
 * Opened, the cell holds the list box until focus leaves it.
 */
export const ChoiceCell = memo(function ChoiceCell({
  field,
  value,
  label,
  onCommit,
  isDisabled,
  className = '',
}: ChoiceCellProps) {
  const [isEngaged, setEngaged] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const triggerId = useId();
  const valueId = useId();
  // The list opens once the list box's own trigger holds focus, so that closing the list gives focus back to it.
  useLayoutEffect(() => {
    if (!isEngaged) return;
    trigger.current?.focus();
    setOpen(true);
  }, [isEngaged]);

  const options = cellChoices(field, value);
  const current = shownValue(field, value);
  const shown = options.find((option) => option.value === current)?.short ?? current;
  const wrapperClass = `w-full min-w-0 ${className}`;

  if (!isEngaged) {
    return (
      <div className={wrapperClass}>
        <button
          type="button"
          id={triggerId}
          aria-label={label}
          aria-labelledby={`${valueId} ${triggerId}`}
          aria-haspopup="listbox"
          aria-expanded={false}
          disabled={isDisabled}
          className={triggerClass}
          onClick={() => setEngaged(true)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
            event.preventDefault();
            setEngaged(true);
          }}
        >
          <span id={valueId} className="truncate">
            {shown}
          </span>
          {arrow}
        </button>
      </div>
    );
  }
  return (
    <Select
      aria-label={label}
      selectedKey={keyOf(current)}
      onSelectionChange={(key) => {
        if (key === null) return;
        const next = valueOf(String(key));
        if (next !== current) onCommit(next);
      }}
      isOpen={isOpen}
      onOpenChange={setOpen}
      // Called only once the list is closed: focus has left the cell.
      onBlur={() => {
        setOpen(false);
        setEngaged(false);
      }}
      isDisabled={isDisabled}
      className={wrapperClass}
    >
      <Button ref={trigger} className={triggerClass}>
        <SelectValue className="truncate">{() => shown}</SelectValue>
        {arrow}
      </Button>
      <Popover className="min-w-(--trigger-width) rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        <ListBox className="outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={keyOf(option.value)}
              id={keyOf(option.value)}
              textValue={option.label}
              className="cursor-pointer rounded-md px-3 py-1.5 text-sm whitespace-nowrap text-slate-800 outline-none data-focused:bg-brand-50
                data-selected:font-semibold data-selected:text-brand-800"
            >
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
});
