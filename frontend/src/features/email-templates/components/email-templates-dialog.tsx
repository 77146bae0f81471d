import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { bodyCell, headCell, TableScroll, tableClass } from '../../../components/ui/data-table.tsx';
import { Dialog, DialogCloseActions } from '../../../components/ui/dialog.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.tsx';
import {
  deleteEmailTemplate,
  setDefaultEmailTemplate,
  useEmailTemplates,
  type EmailTemplate,
} from '../api/email-templates.ts';
import { TemplateEditor } from './template-editor.tsx';
import { EMAIL_TOAST } from '../../../lib/email-toast.ts';

type View = { mode: 'list' } | { mode: 'new' } | { mode: 'edit'; template: EmailTemplate };

const LIST: View = { mode: 'list' };

const TITLES = { list: 'Email Templates', new: 'New Template', edit: 'Edit Template' } as const;

interface TemplateTableProps {
  templates: EmailTemplate[];
  busyId: number | null;
  onEdit: (template: EmailTemplate) => void;
  onSetDefault: (template: EmailTemplate) => void;
  onDelete: (template: EmailTemplate) => void;
}

function TemplateTable({ templates, busyId, onEdit, onSetDefault, onDelete }: TemplateTableProps) {
  return (
    <TableScroll label="Templates" maxHeight="h-[200px]">
      <table className={tableClass}>
        <caption className="sr-only">Email templates</caption>
        <thead>
          <tr>
            <th scope="col" className={headCell('start')}>
              Id
            </th>
            <th scope="col" className={headCell()}>
              Name
            </th>
            <th scope="col" className={headCell()}>
              Subject
            </th>
            <th scope="col" className={headCell()}>
              Default
            </th>
            <th scope="col" className={headCell()}>
              Template
            </th>
            <th scope="col" className={`${headCell('end')} w-px`}>
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => (
            <tr key={template.id} className={template.isDefault ? 'bg-brand-50' : 'bg-white hover:bg-slate-50'}>
              <td className={`${bodyCell('start')} tabular-nums text-slate-700`}>{template.id}</td>
              <th scope="row" className={`${bodyCell()} font-medium whitespace-nowrap text-slate-900`}>
                {template.title}
              </th>
              <td className={`${bodyCell()} min-w-40`}>{template.subject}</td>
              <td className={bodyCell()}>
                {template.isDefault ? (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                    Default
                  </span>
                ) : (
                  <span className="text-slate-500">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">No</span>
                  </span>
                )}
              </td>
              <td className={`${bodyCell()} text-slate-700`}>
                {/* One line, cut at 400px (spec): the editor shows the whole text. */}
                <p className="max-w-[400px] truncate font-mono text-xs">{template.template}</p>
              </td>
              <td className={bodyCell('end')}>
                <div className="flex gap-1.5">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Edit ${template.title}`}
                    onPress={() => onEdit(template)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Set as Default ${template.title}`}
                    isDisabled={template.isDefault || busyId !== null}
                    isPending={busyId === template.id}
                    onPress={() => onSetDefault(template)}
                  >
                    Set as Default
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={`Delete ${template.title}`}
                    onPress={() => onDelete(template)}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

interface EmailTemplatesDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Called after a template was created, updated, deleted or made the default. */
  onChanged?: () => void;
}

/** The Email Templates dialog (spec §2): the list of templates, and the editor for a new or an existing one. */
export function EmailTemplatesDialog({ isOpen, onOpenChange, onChanged }: EmailTemplatesDialogProps) {
  const [view, setView] = useState<View>(LIST);
  // Leaving the editor unmounts the focused button; Add New takes the focus so keyboard users are not dropped.
  const [fromEditor, setFromEditor] = useState(false);
  const [wasOpen, setWasOpen] = useState(isOpen);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<EmailTemplate | null>(null);
  const templates = useEmailTemplates(isOpen);

  // Every opening starts on the list, however the dialog was last closed.
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setView(LIST);
      setFromEditor(false);
    }
  }

  const backToList = () => {
    setView(LIST);
    setFromEditor(true);
  };

  useEffect(() => {
    if (templates.error) toast.error('Failed to load templates', EMAIL_TOAST);
  }, [templates.error]);

  const setDefault = async (template: EmailTemplate) => {
    setBusyId(template.id);
    try {
      await setDefaultEmailTemplate(template.id);
      toast.success('Default template updated successfully', EMAIL_TOAST);
      onChanged?.();
    } catch {
      toast.error('Failed to set default template', EMAIL_TOAST);
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (template: EmailTemplate) => {
    try {
      await deleteEmailTemplate(template.id);
      toast.success('Template deleted successfully', EMAIL_TOAST);
      setToDelete(null);
      onChanged?.();
    } catch {
      toast.error('Failed to delete template', EMAIL_TOAST);
    }
  };

  let list;
  if (templates.error && !templates.data) {
    list = (
      <div className="flex flex-col items-start gap-3">
        <Alert>Failed to load templates</Alert>
        <Button variant="secondary" isPending={templates.isValidating} onPress={() => void templates.mutate()}>
          Try Again
        </Button>
      </div>
    );
  } else if (!templates.data) {
    list = <Loading label="Loading templates…" />;
  } else if (templates.data.length === 0) {
    list = (
      <div className="flex h-[200px] flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-300 text-center">
        <p className="text-sm font-medium text-slate-800">No templates yet.</p>
        <p className="text-sm text-slate-600">Press Add New to write the first one.</p>
      </div>
    );
  } else {
    list = (
      <TemplateTable
        templates={templates.data}
        busyId={busyId}
        onEdit={(template) => setView({ mode: 'edit', template })}
        onSetDefault={(template) => void setDefault(template)}
        onDelete={setToDelete}
      />
    );
  }

  return (
    <Dialog title={TITLES[view.mode]} size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      {view.mode === 'list' ? (
        <>
          <div className="mb-3 flex justify-end">
            <Button autoFocus={fromEditor} onPress={() => setView({ mode: 'new' })}>
              Add New
            </Button>
          </div>
          {list}
          <DialogCloseActions />
        </>
      ) : (
        <TemplateEditor
          key={view.mode === 'edit' ? view.template.id : 'new'}
          template={view.mode === 'edit' ? view.template : null}
          onBack={backToList}
          onSaved={() => {
            backToList();
            onChanged?.();
          }}
        />
      )}
      <ConfirmDialog
        subject={toDelete}
        title="Delete Template"
        question="Are you sure you want to delete this template?"
        describe={(template) => template.title}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        onCancel={() => setToDelete(null)}
        onConfirm={remove}
      />
    </Dialog>
  );
}
