import {
  Button,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { focusRing } from './focus-ring.ts';

export interface SelectOption<K extends Key> {
  id: K;
  label: string;
}

export interface SelectProps<K extends Key> {
  label: string;
  options: readonly SelectOption<K>[];
  /** null shows the placeholder. */
  value: K | null;
  placeholder?: string;
  onChange: (value: K) => void;
  isDisabled?: boolean;
}

export function Select<K extends Key>({ label, options, value, onChange, isDisabled, placeholder }: SelectProps<K>) {
  return (
    <AriaSelect
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(key as K)}
      isDisabled={isDisabled}
      placeholder={placeholder}
      className="flex flex-col gap-1.5"
    >
      <Label className="text-sm font-medium text-slate-800">{label}</Label>
      <Button
        className={`flex h-10 items-center justify-between rounded-lg border border-slate-300 bg-white px-3 text-left text-sm
          text-slate-900 shadow-xs cursor-pointer disabled:bg-slate-100 ${focusRing}`}
      >
        <SelectValue className="truncate data-placeholder:text-slate-600" />
        <span aria-hidden="true" className="text-slate-600">
          ▾
        </span>
      </Button>
      <Popover className="min-w-(--trigger-width) rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
        <ListBox className="outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={String(option.id)}
              id={option.id}
              className="cursor-pointer rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-focused:bg-brand-50
                data-selected:font-semibold data-selected:text-brand-800"
            >
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
