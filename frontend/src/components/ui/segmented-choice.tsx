import { useId } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { focusRing } from './focus-ring.ts';

export interface SegmentedOption<K extends string> {
  id: K;
  label: string;
  isDisabled?: boolean;
}

interface SegmentedChoiceProps<K extends string> {
  label: string;
  options: readonly SegmentedOption<K>[];
  value: K;
  onChange: (value: K) => void;
}

/** One of a few options as side-by-side segments: a radio group of buttons (arrow keys move between them). */
export function SegmentedChoice<K extends string>({ label, options, value, onChange }: SegmentedChoiceProps<K>) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </span>
      <ToggleButtonGroup
        aria-labelledby={labelId}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[value]}
        onSelectionChange={(keys) => {
          const [next] = [...keys];
          if (next !== undefined) onChange(next as K);
        }}
        className="inline-flex w-fit gap-1 rounded-lg bg-slate-100 p-1"
      >
        {options.map((option) => (
          <ToggleButton
            key={option.id}
            id={option.id}
            isDisabled={option.isDisabled}
            className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:text-slate-900 data-selected:bg-white
              data-selected:text-brand-800 data-selected:shadow-sm data-disabled:cursor-not-allowed data-disabled:text-slate-500 ${focusRing}`}
          >
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
