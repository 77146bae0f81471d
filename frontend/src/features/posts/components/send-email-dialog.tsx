import { useId, useState } from 'react';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { idempotencyKeys } from '../../../lib/idempotency-keys.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  type UnsharedComcardLink,
  useComcardSharing,
  useEmailPreview,
  useEmailTemplates,
} from '../../email-templates/index.ts';
import { deselectModel, useSelectedModels } from '../../models/index.ts';
import { sendDefaultEmail, sendSpecifiedEmail, sendTestEmail } from '../api/send-email.ts';
import type { Post } from '../api/use-dashboard-posts.ts';
import { recipientRefusal, sendFailureMessage } from '../domain/send-failure.ts';
import { EmailPreviewBody } from '../../email-templates/index.ts';
import { EMAIL_TOAST } from '../../../lib/email-toast.ts';

export type SendMode = 'specify' | 'simple';

export interface SendEmailDialogProps {
  /** The post to e-mail, or null when closed. */
  post: Post | null;
  mode: SendMode;
  /** The mail account it is sent from. */
  accountId: number | null;
  onClose: () => void;
  /** Opens the model picker for the post (Select Models). */
  onSelectModels: (post: Post) => void;
}

/** The post's customer: its customer e-mail, else its e-mail, trimmed (spec §7). */
export function recipientOf(post: Post): string {
  return (post.data.customerEmail ?? post.data.email ?? '').trim();
}

function SelectedModels({ post, onSelectModels }: { post: Post; onSelectModels: (post: Post) => void }) {
  const selected = useSelectedModels(post.postId);
  const models = selected.data ?? [];
  return (
    <section aria-label="Selected models" className="rounded-lg border border-slate-200 p-3">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-800">Selected models ({models.length})</h3>
        <Button variant="secondary" className="h-8" onPress={() => onSelectModels(post)}>
          Select Models
        </Button>
      </div>
      {selected.isLoading ? (
        <Loading label="Loading selected models" />
      ) : models.length === 0 ? (
        <p className="text-sm text-slate-600">No models selected.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {models.map((model) => (
            <li
              key={model.id}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
            >
              <span>
                {model.comcardNo} {model.nameEng ?? model.nameKor ?? ''}
              </span>
              <Button
                variant="secondary"
                className="h-6 w-6 rounded-full px-0"
                aria-label={`Remove ${model.comcardNo}`}
                onPress={() => {
                  void deselectModel(post.postId, model.id).catch(() =>
                    toast.error('Failed to remove the model. Please try again.', EMAIL_TOAST),
                  );
                }}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PreviewPanel({ preview, hasTemplate }: { preview: ReturnType<typeof useEmailPreview>; hasTemplate: boolean }) {
  return (
    <section aria-label="Preview" className="flex min-h-64 flex-col rounded-lg border border-slate-200 bg-slate-50">
      <h3 className="border-b border-slate-200 px-3 py-2 text-sm font-semibold text-slate-800">Preview</h3>
      <EmailPreviewBody preview={preview} emptyText={hasTemplate ? null : 'Choose a template to see the e-mail.'} />
    </section>
  );
}

const LINK_LABELS: Record<UnsharedComcardLink['field'], string> = {
  htmlUrl: 'Profile',
  download: 'Download',
  comcardPhotoURL: 'Comcard photo',
  image: 'Picture',
};

/**
 * The selected models' Drive files a customer could not open from the e-mail ("Access denied", spec §8), named
 * before sending so that staff can share them first; the e-mail may still be sent.
 */
function UnsharedLinks({ links }: { links: UnsharedComcardLink[] }) {
  if (links.length === 0) return null;
  return (
    <Alert tone="info">
      <p className="font-medium">Customers may not open these Drive files from the e-mail:</p>
      <ul className="mt-1 list-disc pl-5">
        {links.map((link) => (
          <li key={`${link.model}-${link.field}-${link.link}`}>
            {link.model} · {LINK_LABELS[link.field]}{' '}
            {link.sharing === 'restricted'
              ? '(shared with people only)'
              : '(this account cannot see who it is shared with)'}
          </li>
        ))}
      </ul>
      <p className="mt-1">In Google Drive, share each with “Anyone with the link” as Viewer, then send.</p>
    </Alert>
  );
}

/** Send Model Information (Specify) and Send Quick Email (Simple), spec §2 and §4. */
function SendForm({ post, mode, accountId, onClose, onSelectModels }: SendEmailDialogProps & { post: Post }) {
  const formId = useId();
  const templates = useEmailTemplates(true);
  const defaultTemplate = templates.data?.find((template) => template.isDefault) ?? null;
  const [recipient, setRecipient] = useState(recipientOf(post));
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [isSending, setSending] = useState(false);
  // Shown in the dialog too: while it is open, the page's toasts are hidden from screen readers.
  const [failure, setFailure] = useState<string | null>(null);
  // The server's refusal of the address itself (opted out of e-mails), shown beside it until it is changed.
  const [refusedRecipient, setRefusedRecipient] = useState<string | null>(null);
  // One key per e-mail meant: kept across retries of the same e-mail, renewed after a success or an edit.
  const [keys] = useState(idempotencyKeys);
  const [isTesting, setTesting] = useState(false);
  /** Where the last test copy went ("Test e-mail sent to …"). */
  const [tested, setTested] = useState<string | null>(null);

  const isSimple = mode === 'simple';
  const previewSubject = isSimple ? (defaultTemplate?.subject ?? '') : subject;
  const previewTemplate = isSimple ? (defaultTemplate?.template ?? '') : content;
  const selected = useSelectedModels(post.postId);
  const hasTemplate = previewTemplate.trim() !== '';
  const preview = useEmailPreview(
    hasTemplate
      ? { template: previewTemplate, subject: previewSubject, postId: post.postId, ...(accountId ? { accountId } : {}) }
      : null,
    (selected.data ?? []).map((model) => model.id),
  );
  const sharing = useComcardSharing(
    post.postId,
    accountId,
    (selected.data ?? []).map((model) => model.id),
  );

  const chooseTemplate = (id: number) => {
    const template = templates.data?.find((candidate) => candidate.id === id);
    if (!template) return;
    setTemplateId(id);
    setSubject(template.subject);
    setContent(template.template);
  };

  const refuse = (text: string) => {
    setFailure(text);
    toast.error(text, EMAIL_TOAST);
  };

  const send = async () => {
    if (isSimple ? !defaultTemplate : templateId === null) return refuse('Please select an email template');
    if (!isSimple && subject.trim() === '') return refuse('Please enter an email subject');
    if (accountId === null) return refuse('Please choose the mail account to send from.');
    setFailure(null);
    setRefusedRecipient(null);
    setSending(true);
    try {
      const target = { recipient: recipient.trim(), postId: post.postId, accountId };
      const idempotencyKey = keys.keyFor(isSimple ? target : { ...target, subject, content });
      const attachComcards = templates.data?.find((candidate) => candidate.id === templateId)?.attachComcards ?? false;
      const result = await (isSimple
        ? sendDefaultEmail(target, idempotencyKey)
        : sendSpecifiedEmail({ ...target, subject, content, attachComcards }, idempotencyKey));
      keys.succeeded();
      toast.success(
        result.linkedInstead.length > 0
          ? `Email sent successfully! Linked instead of attached (over the size limit, or not a PDF or image): ${result.linkedInstead.join(', ')}`
          : 'Email sent successfully!',
        EMAIL_TOAST,
      );
      onClose();
    } catch (error) {
      const refusal = recipientRefusal(error);
      if (refusal) {
        setRefusedRecipient(refusal);
        toast.error(refusal, EMAIL_TOAST);
      } else refuse(sendFailureMessage(error));
    } finally {
      setSending(false);
    }
  };

  /** A copy to the staff member's own address first, to see the e-mail as the customer will. */
  const sendTest = async () => {
    if (accountId === null) return refuse('Please choose the mail account to send from.');
    setFailure(null);
    setTested(null);
    setTesting(true);
    try {
      const result = await sendTestEmail({ postId: post.postId, accountId, ...(isSimple ? {} : { subject, content }) });
      setTested(result.message);
    } catch (error) {
      refuse(sendFailureMessage(error));
    } finally {
      setTesting(false);
    }
  };

  // Specify sends only once a template and a subject are chosen (spec §4); the hint says which is missing.
  const missing = isSimple
    ? null
    : templateId === null
      ? 'Please select an email template'
      : subject.trim() === ''
        ? 'Please enter an email subject'
        : null;

  return (
    <form
      id={formId}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      className="grid gap-4 lg:grid-cols-2"
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">Post ID</span> {post.postId}
          {post.data.postTitle && <span className="ml-2 text-slate-600">· {post.data.postTitle}</span>}
        </p>
        <TextField
          label="Customer Email"
          type="email"
          value={recipient}
          onChange={(value) => {
            setRecipient(value);
            setRefusedRecipient(null);
          }}
          isRequired
          error={refusedRecipient ?? undefined}
        />
        {templates.error ? (
          <Alert>Failed to load templates</Alert>
        ) : isSimple ? (
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">Template</span>{' '}
            {templates.isLoading
              ? 'Loading…'
              : defaultTemplate
                ? `${defaultTemplate.title} (default)`
                : 'No default template. Add one in Email Templates.'}
          </p>
        ) : (
          <Select
            label="Template"
            placeholder={templates.isLoading ? 'Loading templates…' : 'Select a template'}
            options={(templates.data ?? []).map((template) => ({
              id: template.id,
              label: template.isDefault ? `${template.title} (default)` : template.title,
            }))}
            value={templateId}
            onChange={chooseTemplate}
            isDisabled={templates.isLoading}
          />
        )}
        {!isSimple && (
          <>
            <TextField label="Subject" value={subject} onChange={setSubject} isRequired />
            <AriaTextField value={content} onChange={setContent} className="flex flex-col gap-1.5">
              <Label className="text-sm font-medium text-slate-800">Template text</Label>
              <TextArea
                rows={10}
                className="rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 shadow-xs outline-none
                  focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40"
              />
            </AriaTextField>
          </>
        )}
        <SelectedModels post={post} onSelectModels={onSelectModels} />
        <UnsharedLinks links={sharing.data ?? []} />
      </div>
      <PreviewPanel preview={preview} hasTemplate={hasTemplate} />
      {failure && (
        <div className="lg:col-span-2">
          <Alert>{failure}</Alert>
        </div>
      )}
      <DialogActions>
        {missing && <p className="mr-auto text-sm text-slate-600">{missing}</p>}
        {!missing && (
          <p role="status" className="mr-auto text-sm text-emerald-800">
            {tested}
          </p>
        )}
        <Button slot="close" variant="secondary">
          Cancel
        </Button>
        <Button
          variant="secondary"
          onPress={() => void sendTest()}
          isDisabled={isTesting || isSending || missing !== null}
          isPending={isTesting}
        >
          {isTesting ? 'Sending test…' : 'Send Test to Me'}
        </Button>
        <Button type="submit" form={formId} isDisabled={isSending || missing !== null}>
          {isSending ? 'Sending...' : 'Send'}
        </Button>
      </DialogActions>
    </form>
  );
}

export function SendEmailDialog(props: SendEmailDialogProps) {
  const { post, mode, onClose } = props;
  return (
    <Dialog
      title={mode === 'simple' ? 'Send Quick Email' : 'Send Model Information'}
      size="lg"
      isOpen={post !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
    >
      {/* Mounted only while open: closing clears every choice (spec §4). */}
      {post && <SendForm {...props} post={post} />}
    </Dialog>
  );
}
