import {
  byteLimitOf,
  messageBytes,
  messageType,
  type MessageType,
  unsupportedCharactersMessage,
} from '@job-casting/rules';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { toast } from '../../../lib/toast.tsx';
import type { MessageTemplate } from '../api/messaging-types.ts';
import { AttachmentArea } from './attachment-area.tsx';
import { MessageTemplateDialog } from './message-template-dialog.tsx';
import { PlaceholderButtons } from './placeholder-buttons.tsx';
import type { MessageDraft } from './recipients.ts';
import { SaveTemplateDialog } from './save-template-dialog.tsx';
import { TemplatePicker } from './template-picker.tsx';

/** The editor's words for the type the text will go as (spec §9: Short, Long, Image). */
const TYPE_BADGES: Record<MessageType, { label: string; tone: string }> = {
  SMS: { label: 'Short', tone: 'bg-emerald-100 text-emerald-800' },
  LMS: { label: 'Long', tone: 'bg-amber-100 text-amber-900' },
  MMS: { label: 'Image', tone: 'bg-sky-100 text-sky-900' },
};

interface MessageEditorProps {
  draft: MessageDraft;
  onDraftChange: (draft: MessageDraft) => void;
  /** The template the draft was loaded from, if any. */
  templateId: string | null;
  onTemplatePick: (template: MessageTemplate) => void;
  /** Write Message: a blank draft, no template. */
  onWriteMessage: () => void;
  onApply: () => void;
}

/** The sender's left panel: the message with its placeholders and pictures, templates, and Apply. */
export function MessageEditor({
  draft,
  onDraftChange,
  templateId,
  onTemplatePick,
  onWriteMessage,
  onApply,
}: MessageEditorProps) {
  const [isPickerOpen, setPickerOpen] = useState(false);
  const [toSave, setToSave] = useState<MessageDraft | null>(null);
  const [isManagerOpen, setManagerOpen] = useState(false);
  const { bytes, unsupported } = messageBytes(draft.message);
  const badge = TYPE_BADGES[messageType(bytes, draft.files.length > 0)];

  return (
    <section
      aria-labelledby="message-editor-title"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="message-editor-title" className="sr-only">
        Message
      </h2>
      <div className="flex flex-wrap gap-1.5">
        <Button variant="secondary" size="sm" onPress={onWriteMessage}>
          Write Message
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={isPickerOpen}
          onPress={() => setPickerOpen((open) => !open)}
        >
          Open Template
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onPress={() =>
            draft.message.trim() ? setToSave(draft) : toast.error('Please enter the message content to save.')
          }
        >
          Save Template
        </Button>
        <Button variant="secondary" size="sm" onPress={() => setManagerOpen(true)}>
          Manage Templates
        </Button>
      </div>
      {isPickerOpen && (
        <TemplatePicker
          selectedId={templateId}
          onPick={(template) => {
            onTemplatePick(template);
            setPickerOpen(false);
          }}
        />
      )}
      <div className="flex flex-col gap-1.5">
        <TextAreaField
          label="Message"
          rows={9}
          value={draft.message}
          onChange={(message) => onDraftChange({ ...draft, message })}
        />
        <div className="flex items-center justify-between gap-2">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge.tone}`}>{badge.label}</span>
          <span className="text-xs tabular-nums text-slate-700" aria-live="polite">
            {`${bytes} / ${byteLimitOf(bytes)} byte`}
          </span>
        </div>
        {unsupported.length > 0 && (
          <p role="alert" className="text-xs font-medium text-red-700">
            {unsupportedCharactersMessage(unsupported)}
          </p>
        )}
      </div>
      <PlaceholderButtons onInsert={(token) => onDraftChange({ ...draft, message: draft.message + token })} />
      <AttachmentArea
        mode={draft.fileType}
        onModeChange={(fileType) => onDraftChange({ ...draft, fileType })}
        files={draft.files}
        onFilesChange={(files) => onDraftChange({ ...draft, files })}
        pickLabel="Upload"
      />
      <Button onPress={onApply}>Apply</Button>
      <SaveTemplateDialog draft={toSave} onClose={() => setToSave(null)} onSaved={() => setToSave(null)} />
      <MessageTemplateDialog isOpen={isManagerOpen} onOpenChange={setManagerOpen} />
    </section>
  );
}
