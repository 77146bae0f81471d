import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import type { ColumnSetting } from '../api/column-settings.ts';
import { DEFAULT_COLUMNS, MIN_TYPED_WIDTH, typedWidthProblem } from './column-layout.ts';

interface Draft {
  id: string;
  name: string;
  width: string;
  visible: boolean;
}

function ColumnForm({
  columns,
  onSave,
}: {
  columns: readonly ColumnSetting[];
  onSave: (columns: ColumnSetting[]) => Promise<void>;
}) {
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    columns.map((column) => ({ ...column, width: String(column.width) })),
  );
  const formId = useId();
  const [isSaving, setSaving] = useState(false);
  const problems = drafts.map((draft) => typedWidthProblem(draft.width));
  const change = (id: string, patch: Partial<Draft>) =>
    setDrafts((current) => current.map((draft) => (draft.id === id ? { ...draft, ...patch } : draft)));

  return (
    <form
      id={formId}
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (problems.some(Boolean)) return;
        setSaving(true);
        try {
          await onSave(
            drafts.map((draft) => ({
              id: draft.id,
              name: draft.name,
              width: Number(draft.width),
              visible: draft.visible,
            })),
          );
        } finally {
          setSaving(false);
        }
      }}
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-600">
            <th className="py-1 font-semibold">Column</th>
            <th className="py-1 font-semibold">Visible</th>
            <th className="py-1 font-semibold">Width (px)</th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((draft, index) => (
            <tr key={draft.id} className="border-t border-slate-100 align-top">
              <td className="py-1.5 pr-2 text-slate-900">{draft.name}</td>
              <td className="py-1.5 pr-2">
                <input
                  type="checkbox"
                  aria-label={`Show ${draft.name}`}
                  checked={draft.visible}
                  onChange={(event) => change(draft.id, { visible: event.currentTarget.checked })}
                  className="size-4 accent-brand-700"
                />
              </td>
              <td className="py-1.5">
                <input
                  type="number"
                  min={MIN_TYPED_WIDTH}
                  step={1}
                  aria-label={`Width of ${draft.name}`}
                  aria-invalid={!!problems[index]}
                  aria-describedby={problems[index] ? `width-error-${draft.id}` : undefined}
                  value={draft.width}
                  onChange={(event) => change(draft.id, { width: event.currentTarget.value })}
                  className="h-8 w-24 rounded-md border border-slate-300 px-2 aria-invalid:border-red-600"
                />
                {problems[index] && (
                  <p id={`width-error-${draft.id}`} className="mt-0.5 text-xs font-medium text-red-700">
                    {problems[index]}
                  </p>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <DialogActions>
        <Button
          variant="secondary"
          onPress={() => setDrafts(DEFAULT_COLUMNS.map((column) => ({ ...column, width: String(column.width) })))}
        >
          Reset to default
        </Button>
        <Button slot="close" variant="secondary">
          Cancel
        </Button>
        <Button type="submit" form={formId} isPending={isSaving}>
          {isSaving ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Column setting: which columns show and how wide (at least 20 when typed), saved for the staff member. */
export function ColumnSettingsDialog({
  columns,
  isOpen,
  onSave,
  onClose,
}: {
  columns: readonly ColumnSetting[];
  isOpen: boolean;
  onSave: (columns: ColumnSetting[]) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Dialog title="Column Settings" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && <ColumnForm columns={columns} onSave={onSave} />}
    </Dialog>
  );
}
