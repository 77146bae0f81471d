// The message sender's work in progress, kept in the tab's session storage per staff member:
// the recipients with their applied messages, the editor and the choices survive a reload until sent or reset.
// What is read back is checked: anything malformed or of an older shape reads as nothing kept, never a crash.
import { parseDate, parseTime } from '@internationalized/date';
import type { MessageFile, SendChannel } from '../api/messaging-types.ts';
import type { FileMode } from './attachments.ts';
import { EMPTY_DRAFT, type MessageDraft, type Recipient } from './recipients.ts';
import { IMMEDIATE, type SendingTimeValue } from './sending-time.tsx';

export const SEND_PURPOSES = ['information', 'advertising'] as const;
export type SendPurpose = (typeof SEND_PURPOSES)[number];

export interface SenderState {
  recipients: Recipient[];
  /** The keys of the checked recipients. */
  checked: string[];
  draft: MessageDraft;
  /** The template the editor was filled from. */
  templateId: string | null;
  /** The recipient whose message the editor shows. */
  loadedKey: string | null;
  channel: SendChannel;
  purpose: SendPurpose;
  /** The sender number chosen on this screen; null follows the default. */
  senderId: number | null;
  timing: SendingTimeValue;
}

export const EMPTY_SENDER_STATE: SenderState = {
  recipients: [],
  checked: [],
  draft: EMPTY_DRAFT,
  templateId: null,
  loadedKey: null,
  channel: 'sms',
  purpose: 'information',
  senderId: null,
  timing: IMMEDIATE,
};

/** Bumped when the stored shape changes: an older one is then not read. */
const VERSION = 1;

export const senderStateKey = (userId: number) => `message-sender:${userId}`;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const FILE_MODES: readonly FileMode[] = ['bundle', 'individual'];
const CHANNELS: readonly SendChannel[] = ['sms', 'kakao'];
const MIME_TYPES: readonly MessageFile['mimeType'][] = ['image/jpeg', 'image/png', 'image/gif'];

function oneOf<T>(allowed: readonly T[], value: unknown): value is T {
  return allowed.includes(value as T);
}

function fileFrom(value: unknown): MessageFile | null {
  if (!isObject(value)) return null;
  const { id, name, folder, mimeType, size } = value;
  if (!isString(id) || !isString(name) || !isString(folder) || !oneOf(MIME_TYPES, mimeType) || typeof size !== 'number')
    return null;
  return { id, name, folder, mimeType, size };
}

/** The files, or null when any of them is not a file. */
function filesFrom(value: unknown): MessageFile[] | null {
  if (!Array.isArray(value)) return null;
  const files = value.map(fileFrom);
  return files.every((file) => file !== null) ? files : null;
}

function draftFrom(value: unknown): MessageDraft | null {
  if (!isObject(value)) return null;
  const files = filesFrom(value.files);
  if (!isString(value.message) || !oneOf(FILE_MODES, value.fileType) || !files) return null;
  return { message: value.message, fileType: value.fileType, files };
}

function recipientFrom(value: unknown): Recipient | null {
  if (!isObject(value)) return null;
  const { key, contactId, phoneNumber, name, group, definition1, definition2, definition3, isConfigured } = value;
  const texts = [phoneNumber, name, group, definition1, definition2, definition3];
  if (!isString(key) || !key || !texts.every(isString) || typeof isConfigured !== 'boolean') return null;
  if (contactId !== null && !(typeof contactId === 'number' && Number.isSafeInteger(contactId))) return null;
  const message = draftFrom({ message: value.messageContent, fileType: value.fileType, files: value.files });
  if (!message) return null;
  return {
    key,
    contactId,
    phoneNumber: phoneNumber as string,
    name: name as string,
    group: group as string,
    definition1: definition1 as string,
    definition2: definition2 as string,
    definition3: definition3 as string,
    messageContent: message.message,
    fileType: message.fileType,
    files: message.files,
    isConfigured,
  };
}

function timingFrom(value: unknown, channel: SendChannel): SendingTimeValue {
  // KakaoTalk cannot be scheduled.
  if (!isObject(value) || value.mode !== 'scheduled' || channel === 'kakao') return IMMEDIATE;
  const safely = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch {
      return null;
    }
  };
  return {
    mode: 'scheduled',
    date: isString(value.date) ? safely(() => parseDate(value.date as string)) : null,
    time: isString(value.time) ? safely(() => parseTime(value.time as string)) : null,
  };
}

/** The stored value as a state, or null when it is not one (malformed, an older shape). */
export function parseSenderState(raw: string | null): SenderState | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(parsed) || parsed.version !== VERSION || !Array.isArray(parsed.recipients)) return null;
  const recipients = parsed.recipients.map(recipientFrom);
  if (!recipients.every((recipient) => recipient !== null)) return null;
  const keys = new Set(recipients.map((recipient) => recipient.key));
  if (keys.size !== recipients.length) return null;
  const channel = oneOf(CHANNELS, parsed.channel) ? parsed.channel : EMPTY_SENDER_STATE.channel;
  return {
    recipients,
    checked: Array.isArray(parsed.checked)
      ? [...new Set(parsed.checked.filter((key): key is string => isString(key) && keys.has(key)))]
      : [],
    draft: draftFrom(parsed.draft) ?? EMPTY_DRAFT,
    templateId: isString(parsed.templateId) ? parsed.templateId : null,
    loadedKey: isString(parsed.loadedKey) && keys.has(parsed.loadedKey) ? parsed.loadedKey : null,
    channel,
    purpose: oneOf(SEND_PURPOSES, parsed.purpose) ? parsed.purpose : EMPTY_SENDER_STATE.purpose,
    senderId: typeof parsed.senderId === 'number' && Number.isSafeInteger(parsed.senderId) ? parsed.senderId : null,
    timing: timingFrom(parsed.timing, channel),
  };
}

export function serialiseSenderState(state: SenderState): string {
  const { timing } = state;
  return JSON.stringify({
    version: VERSION,
    ...state,
    timing: { mode: timing.mode, date: timing.date?.toString() ?? null, time: timing.time?.toString() ?? null },
  });
}

function isEmpty(state: SenderState): boolean {
  return serialiseSenderState(state) === serialiseSenderState(EMPTY_SENDER_STATE);
}

/** What this staff member left on the sender in this tab; the empty sender when nothing (valid) is kept. */
export function readSenderState(userId: number, storage: Storage = sessionStorage): SenderState {
  return parseSenderState(storage.getItem(senderStateKey(userId))) ?? EMPTY_SENDER_STATE;
}

/** Keeps the state; an empty sender keeps nothing. A full storage only costs the reload's memory. */
export function writeSenderState(userId: number, state: SenderState, storage: Storage = sessionStorage): void {
  try {
    if (isEmpty(state)) storage.removeItem(senderStateKey(userId));
    else storage.setItem(senderStateKey(userId), serialiseSenderState(state));
  } catch {
    // Quota exceeded or storage refused: the screen works on without it.
  }
}

export function clearSenderState(userId: number, storage: Storage = sessionStorage): void {
  storage.removeItem(senderStateKey(userId));
}
