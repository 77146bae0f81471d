import { memo, useId, useLayoutEffect, useRef, useState } from 'react';

interface EditableCellProps {
  value: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  /** Whose value this is (the contact's id): a table row is reused for another contact as the table scrolls. */
  owner: number;
  onCommit: (value: string) => void;
  /** Why a typed value cannot be kept (shown in the cell, nothing saved), or null when it can. */
  validate?: (value: string) => string | null;
}

/**
 * A cell edited in place: the change counts when focus leaves or Enter is pressed; Escape puts the value back. A
 * value `validate` refuses stays in the cell, marked with the reason, and is not saved.
 */
export const EditableCell = memo(function EditableCell({
  value,
  label,
  type = 'text',
  owner,
  onCommit,
  validate,
}: EditableCellProps) {
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // A refusal belongs to the value and the contact it was typed over: a new one from the server clears it.
  const [refusal, setRefusal] = useState<{ owner: number; value: string; message: string } | null>(null);
  const problem = refusal && refusal.owner === owner && refusal.value === value ? refusal.message : null;
  const shown = useRef<{ owner: number; value: string; onCommit: (value: string) => void } | null>(null);

  // The input keeps what is typed; a new value from the server (or a saved edit) or another owner replaces it.
  useLayoutEffect(() => {
    const element = input.current;
    const before = shown.current;
    shown.current = { owner, value, onCommit };
    if (!element || (before?.owner === owner && before.value === value)) return;
    const focused = element === element.ownerDocument.activeElement;
    // Another contact arrived mid-edit: what was typed counts for the contact it was typed for, as when focus leaves.
    if (focused && before && before.owner !== owner && element.value !== before.value && !validate?.(element.value))
      before.onCommit(element.value);
    element.value = value;
  });

  const commit = (typed: string) => {
    const message = typed === value ? null : (validate?.(typed) ?? null);
    setRefusal(message ? { owner, value, message } : null);
    if (!message && typed !== value) onCommit(typed);
  };

  return (
    <span className="relative flex w-full min-w-0 items-center">
      <input
        ref={input}
        type={type}
        aria-label={label}
        aria-invalid={problem !== null || undefined}
        aria-describedby={problem ? errorId : undefined}
        title={problem ?? undefined}
        onBlur={(event) => commit(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
          if (event.key === 'Escape') {
            event.currentTarget.value = value;
            setRefusal(null);
          }
        }}
        className={`h-8 w-full min-w-0 rounded border px-1.5 text-sm text-slate-900 focus:bg-white focus:outline-none focus:ring-2 ${
          problem
            ? 'border-red-600 bg-red-50 pr-6 focus:ring-red-600/30'
            : 'border-transparent bg-transparent hover:border-slate-300 focus:border-brand-600 focus:ring-brand-600/30'
        }`}
      />
      {problem && (
        // Described, not announced: the contact book's toast says it aloud, naming the contact.
        <span
          id={errorId}
          className="pointer-events-none absolute right-1 flex size-4 items-center justify-center rounded-full bg-red-600 text-[10px] font-bold text-white"
        >
          !<span className="sr-only">{problem}</span>
        </span>
      )}
    </span>
  );
});
