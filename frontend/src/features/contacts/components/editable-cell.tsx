import { memo } from 'react';

interface EditableCellProps {
  value: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  onCommit: (value: string) => void;
}

/** A cell edited in place: the change counts when focus leaves or Enter is pressed; Escape puts the value back. */
export const EditableCell = memo(function EditableCell({ value, label, type = 'text', onCommit }: EditableCellProps) {
  return (
    <input
      // A new value from the server (or a saved edit) resets what is typed.
      key={value}
      type={type}
      defaultValue={value}
      aria-label={label}
      onBlur={(event) => {
        if (event.currentTarget.value !== value) onCommit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') event.currentTarget.value = value;
      }}
      className="h-8 w-full min-w-0 rounded border border-transparent bg-transparent px-1.5 text-sm text-slate-900
        hover:border-slate-300 focus:border-brand-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-600/30"
    />
  );
});
