// The recipients of the message sender (spec §3, Contact in sender): contacts from the address book or a typed
// number, each with the message it will get. Apply personalises the editor's message for the checked ones.
import { messageTextProblem, phoneDigits } from '@job-casting/rules';
import type { MessageFile, MessageTemplate, RecipientContact, SendRecipient } from '../api/messaging-types.ts';
import { DEFAULT_FILE_MODE, fileModeOf, FILE_MODE_WORDS, type FileMode } from './attachments.ts';
import { applyPlaceholders, type PlaceholderValues } from './placeholders.ts';

export interface Recipient extends PlaceholderValues {
  /** Unique in the list: the contact's id, or the number for a recipient typed in. */
  key: string;
  /** The contact id, shown as KakaoTalk ID; null for a number that is no contact. */
  contactId: number | null;
  phoneNumber: string;
  group: string;
  messageContent: string;
  fileType: FileMode;
  files: MessageFile[];
  /** Completed once a message was applied (not reset when the editor's message changes, spec §4). */
  isConfigured: boolean;
}

/** What the editor holds: the message with its placeholders, and its pictures. */
export interface MessageDraft {
  message: string;
  fileType: FileMode;
  files: MessageFile[];
}

export const EMPTY_DRAFT: MessageDraft = { message: '', fileType: DEFAULT_FILE_MODE, files: [] };

/** A template as the editor takes it. */
export function draftFromTemplate(template: MessageTemplate): MessageDraft {
  return { message: template.message, fileType: fileModeOf(template.fileType), files: template.attachments };
}

/** A recipient's applied message as the editor takes it (clicking the row). */
export function draftFromRecipient(recipient: Recipient): MessageDraft {
  return { message: recipient.messageContent, fileType: recipient.fileType, files: recipient.files };
}

const UNCONFIGURED = { messageContent: '', fileType: DEFAULT_FILE_MODE, isConfigured: false } as const;

export function recipientFromContact(contact: RecipientContact): Recipient {
  return {
    key: `contact:${contact.id}`,
    contactId: contact.id,
    name: contact.contactName,
    phoneNumber: contact.phoneNumber,
    group: contact.Group ?? '',
    definition1: contact.definition1,
    definition2: contact.definition2,
    definition3: contact.definition3,
    ...UNCONFIGURED,
    files: [],
  };
}

export function recipientFromPhone(phoneNumber: string): Recipient {
  const phone = phoneNumber.trim();
  return {
    key: `phone:${phoneDigits(phone)}`,
    contactId: null,
    name: '',
    phoneNumber: phone,
    group: '',
    definition1: '',
    definition2: '',
    definition3: '',
    ...UNCONFIGURED,
    files: [],
  };
}

/** The list with the new recipients after it; one already listed is not added twice. */
export function addRecipients(list: readonly Recipient[], incoming: readonly Recipient[]): Recipient[] {
  const keys = new Set(list.map((recipient) => recipient.key));
  const added = incoming.filter((recipient) => !keys.has(recipient.key) && keys.add(recipient.key));
  return [...list, ...added];
}

function personalised(recipient: Recipient, draft: MessageDraft): Recipient {
  return {
    ...recipient,
    messageContent: applyPlaceholders(draft.message, recipient),
    fileType: draft.fileType,
    files: draft.files,
    isConfigured: true,
  };
}

/** Apply: the checked recipients get the draft with their own name and definitions (status Completed). */
export function applyDraft(list: readonly Recipient[], checked: ReadonlySet<string>, draft: MessageDraft): Recipient[] {
  return list.map((recipient) => (checked.has(recipient.key) ? personalised(recipient, draft) : recipient));
}

/**
 * What Start Sending sends: each checked recipient's applied message, or the draft applied for one that was never
 * applied, in list order.
 */
export function messagesToSend(
  list: readonly Recipient[],
  checked: ReadonlySet<string>,
  draft: MessageDraft,
): SendRecipient[] {
  return list
    .filter((recipient) => checked.has(recipient.key))
    .map((recipient) => (recipient.isConfigured ? recipient : personalised(recipient, draft)))
    .map((recipient) => ({
      phone: recipient.phoneNumber,
      ...(recipient.name ? { name: recipient.name } : {}),
      text: recipient.messageContent,
      ...(recipient.files.length > 0
        ? { files: recipient.files.map((file) => file.id), fileType: FILE_MODE_WORDS[recipient.fileType] }
        : {}),
    }));
}

/** The first message that cannot go out (blank, emoji, too long), named by its recipient; null when all can. */
export function sendingProblem(messages: readonly SendRecipient[]): string | null {
  for (const message of messages) {
    const problem = messageTextProblem(message.text);
    if (problem) return `${message.name ? `${message.name} (${message.phone})` : message.phone}: ${problem}`;
  }
  return null;
}
