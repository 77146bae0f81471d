import { useId, useLayoutEffect, useRef, useState } from 'react';
import {
  Label,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  TextArea,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { DialogActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { StaleSaveNotice } from '../../../components/ui/stale-save-notice.tsx';
import { TextField as LabelledField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { editedFields, staleRecordOf } from '../../../lib/stale-save.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  createEmailTemplate,
  updateEmailTemplate,
  useEmailPreview,
  type EmailTemplate,
} from '../api/email-templates.ts';
import { insertAtCursor, normaliseNewlines, PLACEHOLDER_TABS, placeholder } from '../domain/template-placeholders.ts';
import { EmailPreviewBody } from './email-preview.tsx';
import { EMAIL_TOAST } from '../../../lib/email-toast.ts';

type PanelView = 'raw' | 'preview';

const tabClass = `rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 cursor-pointer hover:text-slate-900
  data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm ${focusRing}`;

const toggleClass = `rounded-md px-3 py-1 text-sm font-medium text-slate-700 cursor-pointer hover:text-slate-900
  data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm ${focusRing}`;

function PreviewPanel({ template, subject }: { template: string; subject: string }) {
  const text = normaliseNewlines(template);
  const hasContent = text.trim() !== '';
  const preview = useEmailPreview(
    hasContent ? { template: text, ...(subject.trim() && { subject: subject.trim() }) } : null,
  );

  return (
    <EmailPreviewBody preview={preview} emptyText={hasContent ? null : 'Write some content to see the preview.'} />
  );
}

/** What the editor saves, by the API's field names. */
interface Draft {
  title: string;
  subject: string;
  template: string;
}

const DRAFT_LABELS: Record<string, string> = {
  title: 'Title',
  subject: 'Default Subject',
  template: 'Content',
  isActive: 'Active',
};

const draftOf = (template: EmailTemplate | null): Draft => ({
  title: template?.title ?? '',
  subject: template?.subject ?? '',
  template: template?.template ?? '',
});

/** A save refused because someone else saved the template meanwhile: the fields they changed, and this editor's own edit. */
interface StaleSave {
  changedFields: string[];
  edits: Partial<Draft>;
}

export interface TemplateEditorProps {
  /** The template to edit, or null for a new one. */
  template: EmailTemplate | null;
  onBack: () => void;
  onSaved: (template: EmailTemplate) => void;
}

/** New Template / Edit Template (spec §2): title, default subject, content with placeholders, and a live preview. */
export function TemplateEditor({ template, onBack, onSaved }: TemplateEditorProps) {
  const formId = useId();
  const isNew = template === null;
  /** The template as the editor last loaded it: its version goes with the save. */
  const [base, setBase] = useState(template);
  const [title, setTitle] = useState(template?.title ?? '');
  const [attachComcards, setAttachComcards] = useState(template?.attachComcards ?? false);
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [content, setContent] = useState(template?.template ?? '');
  const [view, setView] = useState<PanelView>('raw');
  const [isSaving, setSaving] = useState(false);
  const [stale, setStale] = useState<StaleSave | null>(null);
  /** Why the last save failed, beside the save button (a stale save explains itself in its notice instead). */
  const [problem, setProblem] = useState<string | null>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const pendingCursor = useRef<number | null>(null);

  // A controlled text area puts the caret at the end when its value changes; put it back after the placeholder.
  useLayoutEffect(() => {
    const element = contentRef.current;
    if (pendingCursor.current === null || !element) return;
    element.focus();
    element.setSelectionRange(pendingCursor.current, pendingCursor.current);
    pendingCursor.current = null;
  }, [content]);

  const insert = (name: string) => {
    const element = contentRef.current;
    const start = element?.selectionStart ?? content.length;
    const end = element?.selectionEnd ?? content.length;
    const next = insertAtCursor(content, start, end, placeholder(name));
    pendingCursor.current = next.cursor;
    setContent(next.text);
  };

  const canSave = title.trim() !== '' && subject.trim() !== '' && content.trim() !== '';

  const load = (draft: Draft) => {
    setTitle(draft.title);
    setSubject(draft.subject);
    setContent(draft.template);
  };

  const save = async (draft: Draft) => {
    if (isSaving) return;
    setSaving(true);
    setStale(null);
    setProblem(null);
    const body = {
      title: draft.title.trim(),
      subject: draft.subject.trim(),
      template: normaliseNewlines(draft.template),
      isActive: true,
      attachComcards,
    };
    try {
      const saved = base
        ? await updateEmailTemplate(base.id, { ...body, version: base.version })
        : await createEmailTemplate(body);
      toast.success(isNew ? 'Template created successfully' : 'Template updated successfully', EMAIL_TOAST);
      onSaved(saved);
    } catch (error) {
      const found = base ? staleRecordOf<EmailTemplate>(error) : null;
      if (!found) setProblem(errorMessage(error, 'Failed to save template'));
      if (base && found) {
        // Someone else saved meanwhile: the editor shows their template, and this edit waits to be re-applied.
        const mine: Draft = { title: body.title, subject: body.subject, template: body.template };
        setStale({
          changedFields: found.conflictingFields,
          edits: Object.fromEntries(editedFields(draftOf(base), mine).map((field) => [field, mine[field]])),
        });
        setBase(found.current);
        load(draftOf(found.current));
      }
      setSaving(false);
    }
  };

  const reapply = () => {
    if (!stale) return;
    const next = { ...draftOf(base), ...stale.edits };
    load(next);
    void save(next);
  };

  return (
    <form
      id={formId}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) void save({ title, subject, template: content });
      }}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <LabelledField label="Title" value={title} onChange={setTitle} isRequired autoFocus />
            <LabelledField label="Default Subject" value={subject} onChange={setSubject} isRequired />
          </div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={attachComcards}
              onChange={(event) => setAttachComcards(event.currentTarget.checked)}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <span>
              Attach each model's comcard file (PDF or image) from Drive
              <span className="block text-xs text-slate-600">
                Files over the size limit (10 MB in all) stay links, and the sender is told.
              </span>
            </span>
          </label>

          <Tabs>
            <TabList aria-label="Placeholders" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
              {PLACEHOLDER_TABS.map((tab) => (
                <Tab key={tab.id} id={tab.id} className={tabClass}>
                  {tab.label}
                </Tab>
              ))}
            </TabList>
            {PLACEHOLDER_TABS.map((tab) => (
              <TabPanel key={tab.id} id={tab.id} className={`mt-2 rounded-lg outline-none ${focusRing}`}>
                <div role="group" aria-label={`Insert ${tab.label} placeholder`} className="flex flex-wrap gap-1.5">
                  {tab.names.map((name) => (
                    <Button
                      key={name}
                      variant="secondary"
                      className="h-8 px-2.5 font-mono text-xs font-medium"
                      onPress={() => insert(name)}
                    >
                      {placeholder(name)}
                    </Button>
                  ))}
                </div>
              </TabPanel>
            ))}
          </Tabs>

          <TextField value={content} onChange={setContent} isRequired className="flex flex-col gap-1.5">
            <Label className="text-sm font-medium text-slate-800">
              Content
              <span aria-hidden="true" className="ml-0.5 text-red-700">
                *
              </span>
            </Label>
            <TextArea
              ref={contentRef}
              rows={14}
              className="min-h-72 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-xs
                outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40"
            />
          </TextField>
        </div>

        <section aria-label="Template view" className="flex min-w-0 flex-col rounded-xl border border-slate-200">
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 p-2">
            <ToggleButtonGroup
              aria-label="Show"
              selectionMode="single"
              disallowEmptySelection
              selectedKeys={[view]}
              onSelectionChange={(keys) => {
                const [next] = [...keys];
                if (next === 'raw' || next === 'preview') setView(next);
              }}
              className="flex gap-1 rounded-lg bg-slate-100 p-1"
            >
              <ToggleButton id="raw" className={toggleClass}>
                Raw
              </ToggleButton>
              <ToggleButton id="preview" className={toggleClass}>
                Preview
              </ToggleButton>
            </ToggleButtonGroup>
            {view === 'preview' && <span className="text-xs text-slate-600">Sample data</span>}
          </div>
          <div
            className="max-h-[32rem] min-h-72 flex-1 overflow-y-auto"
            tabIndex={0}
            role="region"
            aria-label={view === 'raw' ? 'Raw text' : 'Preview'}
          >
            {view === 'raw' ? (
              <div className="flex flex-col gap-3 p-4 text-sm">
                <p className="break-words text-slate-800">
                  <span className="font-medium text-slate-600">Subject: </span>
                  {subject}
                </p>
                <pre className="whitespace-pre-wrap break-words border-t border-slate-200 pt-3 font-mono text-slate-900">
                  {content}
                </pre>
              </div>
            ) : (
              <PreviewPanel template={content} subject={subject} />
            )}
          </div>
        </section>
      </div>

      {stale && (
        <StaleSaveNotice
          title="Someone else saved this template while you were editing."
          changedFields={stale.changedFields.map((field) => DRAFT_LABELS[field] ?? field)}
          shownNow="The editor shows the template saved now."
          edits={(Object.keys(stale.edits) as (keyof Draft)[]).map((field) => ({
            label: DRAFT_LABELS[field] ?? field,
            current: draftOf(base)[field],
            mine: stale.edits[field] ?? '',
          }))}
          onReapply={reapply}
          onDiscard={() => setStale(null)}
          isBusy={isSaving}
        />
      )}

      <DialogActions>
        {problem && (
          <p role="alert" className="mr-auto max-w-xl text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <Button variant="secondary" onPress={onBack} isDisabled={isSaving}>
          Back
        </Button>
        <Button type="submit" form={formId} isDisabled={!canSave} isPending={isSaving}>
          {isSaving ? 'Saving…' : isNew ? 'Create Template' : 'Save Changes'}
        </Button>
      </DialogActions>
    </form>
  );
}
