import { useEffect, useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { StaleSaveNotice } from '../../../components/ui/stale-save-notice.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { editedFields, staleRecordOf } from '../../../lib/stale-save.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  createMessageTemplate,
  deleteMessageTemplate,
  updateMessageTemplate,
  useMessageTemplates,
  type SaveMessageTemplate,
} from '../api/message-templates.ts';
import type { MessageFile, MessageTemplate } from '../api/messaging-types.ts';
import { AttachmentArea } from './attachment-area.tsx';
import {
  DEFAULT_FILE_MODE,
  fileLabel,
  fileListPreview,
  fileModeOf,
  FILE_MODE_LABELS,
  FILE_MODE_WORDS,
  type FileMode,
} from './attachments.ts';
import { PlaceholderButtons } from './placeholder-buttons.tsx';

/** The dialog's Korean messages (spec §5 and §8, message templates). */
const TEMPLATE_MESSAGES = {
  titleRequired: '템플릿 제목을 입력해주세요.',
  messageRequired: '메시지 내용을 입력해주세요.',
  selectToUpdate: '수정할 템플릿을 선택해주세요.',
  selectToDelete: '삭제할 템플릿을 선택해주세요.',
  created: '새 템플릿이 추가되었습니다.',
  updated: '템플릿이 수정되었습니다.',
  deleted: '템플릿이 삭제되었습니다.',
  loadFailed: '템플릿 목록을 불러오는 중 오류가 발생했습니다.',
  createFailed: '템플릿 저장 중 오류가 발생했습니다.',
  updateFailed: '템플릿 수정 중 오류가 발생했습니다.',
  deleteFailed: '템플릿 삭제 중 오류가 발생했습니다.',
} as const;

const ERROR_TITLE = '오류';

interface TemplateForm {
  /** The template the form was loaded from; null for a new one. */
  id: string | null;
  title: string;
  message: string;
  fileType: FileMode;
  files: MessageFile[];
}

const EMPTY_FORM: TemplateForm = { id: null, title: '', message: '', fileType: DEFAULT_FILE_MODE, files: [] };

function formOf(template: MessageTemplate): TemplateForm {
  return {
    id: template.id,
    title: template.title,
    message: template.message,
    fileType: fileModeOf(template.fileType),
    files: template.attachments,
  };
}

type SavedField = 'title' | 'message' | 'fileType' | 'files';
const FIELD_LABELS: Record<SavedField, string> = {
  title: 'Title',
  message: 'Message',
  fileType: 'Photo Type',
  files: 'Files',
};

/** A form's values as a save compares them (the files by id). */
const savedValues = (form: TemplateForm): Record<SavedField, unknown> => ({
  title: form.title.trim(),
  message: form.message,
  fileType: form.fileType,
  files: form.files.map((file) => file.id),
});

function fieldText(form: TemplateForm, field: SavedField): string {
  if (field === 'fileType') return FILE_MODE_LABELS[form.fileType];
  if (field === 'files') return form.files.length === 0 ? 'no files' : form.files.map(fileLabel).join(', ');
  return form[field];
}

/** A save refused because someone else saved the template meanwhile: the fields they changed, and this form's own edit. */
interface StaleSave {
  changedFields: string[];
  edits: Partial<Pick<TemplateForm, SavedField>>;
}

function filesText(template: MessageTemplate): string {
  if (template.attachments.length === 0) return 'no files';
  const { shown, more } = fileListPreview(template.attachments);
  return `${shown.map(fileLabel).join(', ')}${more > 0 ? ` +${more} more` : ''}`;
}

const columnClass =
  'sticky top-0 z-10 bg-slate-50 px-3 py-2 text-left text-xs font-semibold text-slate-700 outline-none';
const cellClass = `max-w-[220px] truncate px-3 py-2 text-sm text-slate-800 ${focusRing}`;

function TemplateTable({
  templates,
  selectedId,
  onChoose,
}: {
  templates: MessageTemplate[];
  selectedId: string | null;
  onChoose: (template: MessageTemplate) => void;
}) {
  return (
    <div className="h-[200px] overflow-auto rounded-lg border border-slate-200">
      <Table
        aria-label="Templates"
        selectionMode="single"
        selectionBehavior="replace"
        disallowEmptySelection={false}
        selectedKeys={selectedId ? [selectedId] : []}
        onSelectionChange={(keys) => {
          const [key] = keys === 'all' ? [] : [...keys];
          const template = templates.find((candidate) => candidate.id === key);
          if (template) onChoose(template);
        }}
        className="w-full border-separate border-spacing-0"
      >
        <TableHeader>
          <Column isRowHeader className={columnClass}>
            Title
          </Column>
          <Column className={columnClass}>Message</Column>
          <Column className={columnClass}>Photo Type</Column>
          <Column className={columnClass}>Files</Column>
        </TableHeader>
        <TableBody
          items={templates}
          renderEmptyState={() => <p className="py-14 text-center text-sm text-slate-600">No templates registered</p>}
        >
          {(template) => (
            <Row
              id={template.id}
              textValue={template.title}
              className={`cursor-pointer border-b border-slate-100 hover:bg-slate-50 data-selected:bg-brand-50 ${focusRing}`}
            >
              <Cell className={`${cellClass} font-medium text-slate-900`}>{template.title || 'no title'}</Cell>
              <Cell className={cellClass}>{template.message || 'no message'}</Cell>
              <Cell className={cellClass}>
                {template.fileType ? FILE_MODE_LABELS[fileModeOf(template.fileType)] : 'undecided'}
              </Cell>
              <Cell className={cellClass}>{filesText(template)}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function TemplateManager() {
  const templates = useMessageTemplates(true);
  const [form, setForm] = useState<TemplateForm>(EMPTY_FORM);
  /** The template the form was loaded from: its version goes with an update. */
  const [base, setBase] = useState<MessageTemplate | null>(null);
  const [stale, setStale] = useState<StaleSave | null>(null);
  const [busy, setBusy] = useState<'create' | 'update' | 'delete' | null>(null);
  /** The template whose deletion waits for confirmation. */
  const [toDelete, setToDelete] = useState<MessageTemplate | null>(null);
  /** Why a save was refused, shown under the field it is about until that field changes. */
  const [fieldErrors, setFieldErrors] = useState<{ title?: string; message?: string }>({});
  const set =
    <K extends keyof TemplateForm>(field: K) =>
    (value: TemplateForm[K]) => {
      setForm((current) => ({ ...current, [field]: value }));
      setFieldErrors((current) => (field in current ? { ...current, [field]: undefined } : current));
    };

  useEffect(() => {
    if (templates.error) toast.error(TEMPLATE_MESSAGES.loadFailed, { title: ERROR_TITLE });
  }, [templates.error]);

  const load = (template: MessageTemplate | null) => {
    setForm(template ? formOf(template) : EMPTY_FORM);
    setBase(template);
    setStale(null);
    setFieldErrors({});
  };

  /** The form as the API takes it, or null (with the reasons shown under their fields) when title or message is blank. */
  const checkedBody = (values: TemplateForm): SaveMessageTemplate | null => {
    const errors = {
      title: values.title.trim() ? undefined : TEMPLATE_MESSAGES.titleRequired,
      message: values.message.trim() ? undefined : TEMPLATE_MESSAGES.messageRequired,
    };
    setFieldErrors(errors);
    if (errors.title || errors.message) return null;
    return {
      title: values.title.trim(),
      message: values.message,
      fileType: FILE_MODE_WORDS[values.fileType],
      files: values.files.map((file) => file.id),
    };
  };

  const run = async (
    action: 'create' | 'update' | 'delete',
    call: () => Promise<unknown>,
    success: string,
    failure: string,
    onFailure?: (error: unknown) => void,
  ) => {
    setBusy(action);
    setStale(null);
    try {
      await call();
      toast.success(success);
      load(null);
    } catch (error) {
      toast.error(errorMessage(error, failure), { title: ERROR_TITLE });
      onFailure?.(error);
    } finally {
      setBusy(null);
    }
  };

  const create = () => {
    const body = checkedBody(form);
    if (body)
      void run('create', () => createMessageTemplate(body), TEMPLATE_MESSAGES.created, TEMPLATE_MESSAGES.createFailed);
  };

  /** Saves `values` over `on`, the template they were loaded from; refused as stale, the form shows it as it is now and keeps this edit. */
  const saveOver = (on: MessageTemplate, values: TemplateForm) => {
    const body = checkedBody(values);
    if (!body) return;
    void run(
      'update',
      () => updateMessageTemplate(on.id, { ...body, version: on.version }),
      TEMPLATE_MESSAGES.updated,
      TEMPLATE_MESSAGES.updateFailed,
      (error) => {
        const found = staleRecordOf<MessageTemplate>(error);
        if (!found) return;
        const edited = editedFields(savedValues(formOf(on)), savedValues(values)) as SavedField[];
        load(found.current);
        setStale({
          changedFields: found.conflictingFields,
          edits: Object.fromEntries(edited.map((field) => [field, values[field]])),
        });
      },
    );
  };

  const update = () => {
    if (!form.id || !base) {
      toast.error(TEMPLATE_MESSAGES.selectToUpdate, { title: ERROR_TITLE });
      return;
    }
    saveOver(base, form);
  };

  const reapply = () => {
    if (!base || !stale) return;
    const next = { ...formOf(base), ...stale.edits };
    setForm(next);
    saveOver(base, next);
  };

  /** Delete Template asks first, naming the template; only Delete in that confirmation deletes it. */
  const askToRemove = () => {
    if (!form.id || !base) {
      toast.error(TEMPLATE_MESSAGES.selectToDelete, { title: ERROR_TITLE });
      return;
    }
    setToDelete(base);
  };

  const remove = async (template: MessageTemplate) => {
    await run(
      'delete',
      () => deleteMessageTemplate(template.id),
      TEMPLATE_MESSAGES.deleted,
      TEMPLATE_MESSAGES.deleteFailed,
    );
    setToDelete(null);
  };

  let list;
  if (templates.error) list = <TemplateTable templates={[]} selectedId={null} onChoose={() => {}} />;
  else if (!templates.data) list = <Loading label="Loading templates…" />;
  else list = <TemplateTable templates={templates.data} selectedId={form.id} onChoose={load} />;

  return (
    <div className="flex flex-col gap-4">
      {list}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <TextField label="Title" value={form.title} onChange={set('title')} error={fieldErrors.title} />
          <TextAreaField
            label="Message"
            rows={7}
            value={form.message}
            onChange={set('message')}
            error={fieldErrors.message}
          />
          <PlaceholderButtons onInsert={(token) => set('message')(form.message + token)} />
        </div>
        <AttachmentArea
          mode={form.fileType}
          onModeChange={set('fileType')}
          files={form.files}
          onFilesChange={set('files')}
          pickLabel="Choose"
          acceptsDrop
        />
      </div>
      {stale && base && (
        <StaleSaveNotice
          title="Someone else saved this template while you were editing."
          changedFields={stale.changedFields.map((field) => FIELD_LABELS[field as SavedField] ?? field)}
          shownNow="The form shows the template saved now."
          edits={(Object.keys(stale.edits) as SavedField[]).map((field) => ({
            label: FIELD_LABELS[field],
            current: fieldText(formOf(base), field),
            mine: fieldText({ ...formOf(base), ...stale.edits }, field),
          }))}
          onReapply={reapply}
          onDiscard={() => setStale(null)}
          isBusy={busy === 'update'}
        />
      )}
      <DialogActions>
        {/* Add New Template leaves the selected template for a blank form (a new one being typed is that already);
            Registration (new) or Correction (selected) saves the form (spec §4). */}
        <Button variant="secondary" isDisabled={busy !== null || form.id === null} onPress={() => load(null)}>
          Add New Template
        </Button>
        <Button
          variant="danger"
          isPending={busy === 'delete'}
          isDisabled={!form.id || busy !== null}
          onPress={askToRemove}
        >
          Delete Template
        </Button>
        <Button slot="close" variant="secondary">
          Close
        </Button>
        <Button
          isPending={busy === 'create' || busy === 'update'}
          isDisabled={busy !== null}
          onPress={form.id ? update : create}
        >
          {form.id ? 'Correction' : 'Registration'}
        </Button>
      </DialogActions>
      <ConfirmDeleteDialog
        subject={toDelete}
        title="Delete Template"
        question={(template) => `Delete the template '${template.title || 'no title'}'?`}
        onCancel={() => setToDelete(null)}
        onConfirm={remove}
      />
    </div>
  );
}

/** The message template dialog titled Template (spec §2): the shared templates, and a form to add, change or delete one. */
export function MessageTemplateDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Dialog title="Template" size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      {isOpen && <TemplateManager />}
    </Dialog>
  );
}
