import { formatPhone } from '@job-casting/rules';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.tsx';
import type { RecipientContact, SendChannel } from '../api/messaging-types.ts';
import { lookupContacts } from '../api/recipient-contacts.ts';
import { useSenderNumbers } from '../api/sender-numbers.ts';
import { MessageEditor } from '../components/message-editor.tsx';
import { PhoneNumberManagerDialog } from '../components/phone-number-manager-dialog.tsx';
import { RecipientEditDialog } from '../components/recipient-edit-dialog.tsx';
import { RecipientTable } from '../components/recipient-table.tsx';
import {
  addRecipients,
  applyDraft,
  draftFromRecipient,
  draftFromTemplate,
  EMPTY_DRAFT,
  messagesToSend,
  recipientFromContact,
  recipientFromPhone,
  sendingProblem,
  type MessageDraft,
  type Recipient,
} from '../components/recipients.ts';
import { koreanDateTimeToIso } from '../../../lib/korean-time.ts';
import { SendingDialogs } from '../components/send-dialogs.tsx';
import { IMMEDIATE, SendingTime, type SendingTimeValue } from '../components/sending-time.tsx';
import { takeStoredContactIds } from '../components/stored-recipients.ts';
import { useMessageSending } from '../components/use-message-sending.ts';
import { useStoredUser } from '../../../lib/use-stored-user.ts';
import {
  clearSenderState,
  EMPTY_SENDER_STATE,
  readSenderState,
  writeSenderState,
  type SendPurpose,
} from '../components/stored-sender-state.ts';
import { countOf } from '../../../lib/count-words.ts';

const CHANNELS = [
  { id: 'sms', label: 'SMS' },
  { id: 'kakao', label: 'KakaoTalk' },
] as const;

/** What the message is: an advertisement is framed as the law wants it and reaches only consenting contacts. */
const PURPOSES = [
  { id: 'information', label: 'Information' },
  { id: 'advertising', label: 'Advertising' },
] as const satisfies readonly { id: SendPurpose; label: string }[];

/** /admin/message-sender (spec §2): compose on the left, choose recipients, sender and time on the right, send. */
export function MessageSenderPage() {
  const [params] = useSearchParams();
  // The work left here before a reload, kept in this tab for this staff member until sent or reset.
  const userId = useStoredUser()?.id ?? null;
  const [kept] = useState(() => (userId === null ? EMPTY_SENDER_STATE : readSenderState(userId)));
  // A post's Quick Message brings its number as a recipient.
  const [recipients, setRecipients] = useState<Recipient[]>(() => {
    const phoneNumber = params.get('phoneNumber')?.trim();
    return phoneNumber ? addRecipients(kept.recipients, [recipientFromPhone(phoneNumber)]) : kept.recipients;
  });
  const [checked, setChecked] = useState<Set<string>>(() => new Set(kept.checked));
  const [draft, setDraft] = useState<MessageDraft>(kept.draft);
  const [templateId, setTemplateId] = useState<string | null>(kept.templateId);
  const [loadedKey, setLoadedKey] = useState<string | null>(kept.loadedKey);
  const [channel, setChannel] = useState<SendChannel>(kept.channel);
  const [purpose, setPurpose] = useState<SendPurpose>(kept.purpose);
  const [chosenSenderId, setChosenSenderId] = useState<number | null>(kept.senderId);
  const [timing, setTiming] = useState<SendingTimeValue>(kept.timing);
  const [editing, setEditing] = useState<Recipient | null>(null);
  const [isPhoneManagerOpen, setPhoneManagerOpen] = useState(false);
  const senderNumbers = useSenderNumbers();
  // Once the server has taken a send, its work is done: a reload starts on an empty sender.
  const sending = useMessageSending({ onSent: () => userId !== null && clearSenderState(userId) });

  useEffect(() => {
    if (userId === null) return;
    writeSenderState(userId, {
      recipients,
      checked: [...checked],
      draft,
      templateId,
      loadedKey,
      channel,
      purpose,
      senderId: chosenSenderId,
      timing,
    });
  }, [userId, recipients, checked, draft, templateId, loadedKey, channel, purpose, chosenSenderId, timing]);

  const checkedCount = recipients.filter((recipient) => checked.has(recipient.key)).length;
  const entries = senderNumbers.data ?? [];
  const sender =
    entries.find((entry) => entry.id === chosenSenderId) ??
    entries.find((entry) => entry.isSelected) ??
    entries[0] ??
    null;

  const clearEditor = () => {
    setDraft(EMPTY_DRAFT);
    setTemplateId(null);
    setLoadedKey(null);
  };

  // The contacts the address book handed over (spec §4): the key is read and removed once, on the first render.
  const [handedOverIds] = useState(takeStoredContactIds);
  const receiveContacts = useEffectEvent((contacts: RecipientContact[]) => {
    setRecipients((list) => addRecipients(list, contacts.map(recipientFromContact)));
    clearEditor();
    toast.success(`${countOf(contacts.length, 'contact')} added to the recipients.`, { title: 'Contacts Added' });
  });
  useEffect(() => {
    if (handedOverIds.length === 0) return;
    lookupContacts(handedOverIds).then(receiveContacts, (failure: unknown) =>
      toast.error(errorMessage(failure, 'Failed to load the selected contacts.')),
    );
  }, [handedOverIds]);

  const apply = () => {
    if (!draft.message.trim()) return toast.error('Please enter the message content to apply.');
    if (checkedCount === 0) return toast.error('Please select contacts to apply the message to.');
    setRecipients((list) => applyDraft(list, checked, draft));
    toast.success(`Message applied to ${checkedCount} contacts.`);
  };

  const toggleLoad = (recipient: Recipient) => {
    if (recipient.key === loadedKey) return clearEditor();
    setDraft(draftFromRecipient(recipient));
    setTemplateId(null);
    setLoadedKey(recipient.key);
  };

  const changeChannel = (next: SendChannel) => {
    setChannel(next);
    if (next === 'kakao') setTiming(IMMEDIATE);
  };

  // Reset Data (spec §2) clears recipients, selection, message and files; nothing of them is kept for a reload.
  const reset = () => {
    setRecipients([]);
    setChecked(new Set());
    clearEditor();
  };

  const start = () => {
    if (!sender) return toast.error('You must register a phone number before using the service.');
    if (checkedCount === 0) return toast.error('Please select contacts to send the message to.');
    const messages = messagesToSend(recipients, checked, draft);
    const problem = sendingProblem(messages);
    if (problem) return toast.error(problem);
    let scheduledAt: string | undefined;
    if (timing.mode === 'scheduled') {
      if (!timing.date || !timing.time) return toast.error('Please select the date and time to send.');
      scheduledAt = koreanDateTimeToIso(timing.date, timing.time);
    }
    // Reviewed first (the server's preview); the review's Send posts this same request.
    void sending.review({
      channel,
      sender: sender.phone,
      advertising: purpose === 'advertising',
      recipients: messages,
      ...(scheduledAt ? { scheduledAt } : {}),
    });
  };

  return (
    <>
      <PageHeader title="Message Sender" />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <MessageEditor
          draft={draft}
          onDraftChange={setDraft}
          templateId={templateId}
          onTemplatePick={(template) => {
            setDraft(draftFromTemplate(template));
            setTemplateId(template.id);
            setLoadedKey(null);
          }}
          onWriteMessage={clearEditor}
          onApply={apply}
        />
        <section
          aria-labelledby="recipients-title"
          className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="recipients-title" className="text-base font-semibold text-slate-900">
              Recipients
            </h2>
            <p className="flex gap-4 text-sm text-slate-700" aria-live="polite">
              <span>
                Selected <strong className="tabular-nums text-slate-900">{checkedCount}</strong>
              </span>
              <span>
                Total <strong className="tabular-nums text-slate-900">{recipients.length}</strong>
              </span>
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-4">
            <SegmentedChoice label="Send Method" options={CHANNELS} value={channel} onChange={changeChannel} />
            <SegmentedChoice label="Purpose" options={PURPOSES} value={purpose} onChange={setPurpose} />
            <div className="flex min-w-64 flex-1 items-end gap-2">
              <div className="flex-1">
                <Select
                  label="Sender Number"
                  value={sender?.id ?? null}
                  options={entries.map((entry) => ({
                    id: entry.id,
                    label: `${formatPhone(entry.phone)}${entry.name ? ` (${entry.name})` : ''}`,
                  }))}
                  placeholder={senderNumbers.data ? 'No registered numbers' : 'Loading…'}
                  isDisabled={entries.length === 0}
                  onChange={setChosenSenderId}
                />
              </div>
              <Button variant="secondary" onPress={() => setPhoneManagerOpen(true)}>
                Register Number
              </Button>
            </div>
          </div>
          {senderNumbers.error && <p className="text-sm text-red-700">Failed to fetch phone number entries</p>}
          <RecipientTable
            recipients={recipients}
            checked={checked}
            onCheckedChange={setChecked}
            loadedKey={loadedKey}
            onToggleLoad={toggleLoad}
            onEdit={setEditing}
          />
          <SendingTime channel={channel} value={timing} onChange={setTiming} />
          <div className="flex flex-wrap gap-2">
            <ButtonLink variant="secondary" href={paths.messageResults} target="_blank" rel="noopener noreferrer">
              View Results
            </ButtonLink>
            <Button variant="secondary" onPress={reset}>
              Reset Data
            </Button>
          </div>
          <Button className="h-14 w-full text-base" isPending={sending.progress !== null} onPress={start}>
            Start Sending
          </Button>
        </section>
      </div>
      <PhoneNumberManagerDialog
        isOpen={isPhoneManagerOpen}
        onOpenChange={setPhoneManagerOpen}
        onSelect={(entry) => setChosenSenderId(entry.id)}
      />
      <RecipientEditDialog
        recipient={editing}
        onClose={() => setEditing(null)}
        onSave={(changed) => {
          setRecipients((list) => list.map((recipient) => (recipient.key === changed.key ? changed : recipient)));
          setEditing(null);
        }}
      />
      <SendingDialogs sending={sending} />
    </>
  );
}
