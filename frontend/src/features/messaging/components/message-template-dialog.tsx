import { useEffect, useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.tsx';
import { createMessageTemplate, deleteMessageTemplate, updateMessageTemplate, useMessageTemplates, type SaveMessageTemplate } from '../api/message-templates.ts';
import type { MessageFile, MessageTemplate } from '../api/messaging-types.ts';
import { AttachmentArea } from './attachment-area.tsx';
import { DEFAULT_FILE_MODE, fileLabel, fileListPreview, fileModeOf, FILE_MODE_LABELS, FILE_MODE_WORDS, type FileMode } from './attachments.ts';
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
  return { id: template.id, title: template.title, message: template.message, fileType: fileModeOf(template.fileType), files: template.attachments };
}

function filesText(template: MessageTemplate): string {
  if (template.attachments.length === 0) return 'no files';
  const { shown, more } = fileListPreview(template.attachments);
  return `${shown.map(fileLabel).join(', ')}${more > 0 ? ` +${more} more` : ''}`;
}

const columnClass = 'sticky top-0 z-10 bg-slate-50 px-3 py-2 text-left text-xs font-semibold text-slate-700 outline-none';
const cellClass = `max-w-[220px] truncate px-3 py-2 text-sm text-slate-800 ${focusRing}`;

function TemplateTable({ templates, selectedId, onChoose }: { templates: MessageTemplate[]; selectedId: string | null; onChoose: (template: MessageTemplate) => void }) {
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
        <TableBody items={templates} renderEmptyState={() => <p className="py-14 text-center text-sm text-slate-600">No templates registered</p>}>
          {(template) => (
            <Row id={template.id} textValue={template.title} className={`cursor-pointer border-b border-slate-100 hover:bg-slate-50 data-selected:bg-brand-50 ${focusRing}`}>
              <Cell className={`${cellClass} font-medium text-slate-900`}>{template.title || 'no title'}</Cell>
              <Cell className={cellClass}>{template.message || 'no message'}</Cell>
              <Cell className={cellClass}>{template.fileType ? FILE_MODE_LABELS[fileModeOf(template.fileType)] : 'undecided'}</Cell>
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
  const [busy, setBusy] = useState<'create' | 'update' | 'delete' | null>(null);
  const set = <K extends keyof TemplateForm>(field: K) => (value: TemplateForm[K]) => setForm((current) => ({ ...current, [field]: value }));

  useEffect(() => {
    if (templates.error) toast.error(TEMPLATE_MESSAGES.loadFailed, { title: ERROR_TITLE });
  }, [templates.error]);

  /** The form as the API takes it, or null (with the reason shown) when title or message is blank. */
  const checkedBody = (): SaveMessageTemplate | null => {
    if (!form.title.trim()) {
      toast.error(TEMPLATE_MESSAGES.titleRequired, { title: ERROR_TITLE });
      return null;
    }
    if (!form.message.trim()) {
      toast.error(TEMPLATE_MESSAGES.messageRequired, { title: ERROR_TITLE });
      return null;
    }
    return { title: form.title.trim(), message: form.message, fileType: FILE_MODE_WORDS[form.fileType], files: form.files.map((file) => file.id) };
  };

  const run = async (action: 'create' | 'update' | 'delete', call: () => Promise<unknown>, success: string, failure: string) => {
    setBusy(action);
    try {
      await call();
      toast.success(success);
      setForm(EMPTY_FORM);
    } catch (error) {
      toast.error(errorMessage(error, failure), { title: ERROR_TITLE });
    } finally {
      setBusy(null);
    }
  };

  const create = () => {
    const body = checkedBody();
    if (body) void run('create', () => createMessageTemplate(body), TEMPLATE_MESSAGES.created, TEMPLATE_MESSAGES.createFailed);
  };

  const update = () => {
    const id = form.id;
    if (!id) {
      toast.error(TEMPLATE_MESSAGES.selectToUpdate, { title: ERROR_TITLE });
      return;
    }
    const body = checkedBody();
    if (body) void run('update', () => updateMessageTemplate(id, body), TEMPLATE_MESSAGES.updated, TEMPLATE_MESSAGES.updateFailed);
  };

  const remove = () => {
    const id = form.id;
    if (!id) {
      toast.error(TEMPLATE_MESSAGES.selectToDelete, { title: ERROR_TITLE });
      return;
    }
    void run('delete', () => deleteMessageTemplate(id), TEMPLATE_MESSAGES.deleted, TEMPLATE_MESSAGES.deleteFailed);
  };

  let list;
  if (templates.error) list = <TemplateTable templates={[]} selectedId={null} onChoose={() => {}} />;
  else if (!templates.data) list = <Loading label="Loading templates…" />;
  else list = <TemplateTable templates={templates.data} selectedId={form.id} onChoose={(template) => setForm(formOf(template))} />;

  return (
    <div className="flex flex-col gap-4">
      {list}
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <TextField label="Title" value={form.title} onChange={set('title')} />
          <TextAreaField label="Message" rows={7} value={form.message} onChange={set('message')} />
          <PlaceholderButtons onInsert={(token) => setForm((current) => ({ ...current, message: current.message + token }))} />
        </div>
        <AttachmentArea mode={form.fileType} onModeChange={set('fileType')} files={form.files} onFilesChange={set('files')} pickLabel="Register" acceptsDrop />
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" isPending={busy === 'create'} isDisabled={busy !== null} onPress={create}>
          Add New Template
        </Button>
        <Button variant="danger" isPending={busy === 'delete'} isDisabled={!form.id || busy !== null} onPress={remove}>
          Delete Template
        </Button>
        <Button variant="secondary" isPending={busy === 'update'} isDisabled={busy !== null} onPress={update}>
          Update Template
        </Button>
        <Button isDisabled={busy !== null} onPress={form.id ? update : create}>
          {form.id ? 'Correction' : 'Registration'}
        </Button>
        <Button slot="close" variant="secondary">
          Close
        </Button>
      </div>
    </div>
  );
}

/** The message template dialog titled Template (spec §2): the shared templates, and a form to add, change or delete one. */
export function MessageTemplateDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <Dialog title="Template" size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      {isOpen && <TemplateManager />}
    </Dialog>
  );
}
