import { memo, useLayoutEffect, useRef } from 'react';

interface EditableCellProps {
  value: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  /** Whose value this is (the contact's id): a table row is reused for another contact as the table scrolls. */
  owner: number;
  onCommit: (value: string) => void;
}

/** A cell edited in place: the change counts when focus leaves or Enter is pressed; Escape puts the value back. */
export const EditableCell = memo(function EditableCell({ value, label, type = 'text', owner, onCommit }: EditableCellProps) {
  const input = useRef<HTMLInputElement>(null);
  const shown = useRef<{ owner: number; value: string; onCommit: (value: string) => void } | null>(null);

  // The input keeps what is typed; a new value from the server (or a saved edit) or another owner replaces it.
  useLayoutEffect(() => {
    const element = input.current;
    const before = shown.current;
    shown.current = { owner, value, onCommit };
    if (!element || (before?.owner === owner && before.value === value)) return;
    const focused = element === element.ownerDocument.activeElement;
    // Another contact arrived mid-edit: what was typed counts for the contact it was typed for, as when focus leaves.
    if (focused && before && before.owner !== owner && element.value !== before.value) before.onCommit(element.value);
    element.value = value;
  });

  return (
    <input
      ref={input}
      type={type}
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
