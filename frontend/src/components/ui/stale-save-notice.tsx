import { useId } from 'react';
import { Button } from './button.tsx';

/** One field of a staff member's own edit: its label, the value saved now, and theirs. */
export interface KeptEdit {
  label: string;
  current: string;
  mine: string;
}

interface StaleSaveNoticeProps {
  /** Who changed what, e.g. "Someone else saved this model while you were editing." */
  title: string;
  /** The labels of the fields changed meanwhile. */
  changedFields: readonly string[];
  /** What the screen shows now, e.g. "The form shows the values saved now." */
  shownNow: string;
  /** The staff member's edit, kept to re-apply. */
  edits: readonly KeptEdit[];
  onReapply: () => void;
  onDiscard: () => void;
  isBusy?: boolean;
}

const LONGEST_SHOWN = 300;
const shown = (value: string) =>
  value === '' ? '(empty)' : value.length > LONGEST_SHOWN ? `${value.slice(0, LONGEST_SHOWN)}…` : value;

/**
 * A save refused because someone else changed the record meanwhile: names the fields they changed, lists the
 * staff member's own edit beside the values saved now, and offers to re-apply it on top of them or to discard it.
 */
export function StaleSaveNotice({
  title,
  changedFields,
  shownNow,
  edits,
  onReapply,
  onDiscard,
  isBusy = false,
}: StaleSaveNoticeProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <div role="alert">
        <p id={titleId} className="font-semibold">
          {title}
        </p>
        <p>
          Changed: {changedFields.join(', ')}. {shownNow}
        </p>
      </div>
      {edits.length > 0 && (
        <table className="w-full text-left">
          <caption className="text-left font-medium">Your edit</caption>
          <thead className="text-xs text-amber-900">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Field
              </th>
              <th scope="col" className="py-1 pr-3">
                Saved now
              </th>
              <th scope="col" className="py-1">
                Your edit
              </th>
            </tr>
          </thead>
          <tbody>
            {edits.map((edit) => (
              <tr key={edit.label} className="align-top">
                <th scope="row" className="py-1 pr-3 font-medium whitespace-nowrap">
                  {edit.label}
                </th>
                <td className="max-w-[18rem] py-1 pr-3 break-words whitespace-pre-wrap">{shown(edit.current)}</td>
                <td className="max-w-[18rem] py-1 break-words whitespace-pre-wrap">{shown(edit.mine)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="flex flex-wrap gap-2">
        {edits.length > 0 && (
          <Button className="h-9" onPress={onReapply} isPending={isBusy}>
            Re-apply my edit
          </Button>
        )}
        <Button variant="secondary" className="h-9" onPress={onDiscard} isDisabled={isBusy}>
          {edits.length > 0 ? 'Discard my edit' : 'Dismiss'}
        </Button>
      </div>
    </section>
  );
}
