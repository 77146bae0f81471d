import { parseDate, parseTime } from '@internationalized/date';
import { beforeEach, describe, expect, it } from 'vitest';
import { recipientFromContact, recipientFromPhone, type Recipient } from './recipients.ts';
import {
  clearSenderState,
  EMPTY_SENDER_STATE,
  parseSenderState,
  readSenderState,
  senderStateKey,
  serialiseSenderState,
  writeSenderState,
  type SenderState,
} from './stored-sender-state.ts';

const PICTURE = { id: 'f-1', name: 'a.png', folder: '프로필', mimeType: 'image/png', size: 68 } as const;

const minji: Recipient = {
  ...recipientFromContact({
    id: 12,
    contactName: '김민지',
    phoneNumber: '010-1234-5678',
    Group: 'A',
    definition1: '배우',
    definition2: '',
    definition3: '',
  } as never),
  messageContent: '안녕하세요 김민지님',
  files: [PICTURE],
  isConfigured: true,
};
const typed = recipientFromPhone('010-2222-3333');

const STATE: SenderState = {
  recipients: [minji, typed],
  checked: [minji.key],
  draft: { message: '안녕하세요 {{Name}}님', fileType: 'individual', files: [PICTURE] },
  templateId: '1733000000000',
  loadedKey: minji.key,
  channel: 'sms',
  purpose: 'advertising',
  senderId: 4,
  timing: { mode: 'scheduled', date: parseDate('2026-12-24'), time: parseTime('09:30') },
};

const withChange = (change: (stored: Record<string, unknown>) => void) => {
  const stored = JSON.parse(serialiseSenderState(STATE)) as Record<string, unknown>;
  change(stored);
  return JSON.stringify(stored);
};

beforeEach(() => sessionStorage.clear());

describe('the stored sender state', () => {
  it('reads back what was written: recipients, applied messages, editor and choices', () => {
    writeSenderState(7, STATE);
    const read = readSenderState(7);
    expect(read).toEqual(STATE);
    expect(read.timing.date?.toString()).toBe('2026-12-24');
    expect(read.timing.time?.toString()).toBe('09:30:00');
  });

  it('is kept per staff member', () => {
    writeSenderState(7, STATE);
    expect(readSenderState(8)).toEqual(EMPTY_SENDER_STATE);
    expect(sessionStorage.getItem(senderStateKey(7))).not.toBeNull();
  });

  it('keeps nothing for an empty sender, and nothing once cleared', () => {
    writeSenderState(7, STATE);
    writeSenderState(7, EMPTY_SENDER_STATE);
    expect(sessionStorage.getItem(senderStateKey(7))).toBeNull();
    writeSenderState(7, STATE);
    clearSenderState(7);
    expect(readSenderState(7)).toEqual(EMPTY_SENDER_STATE);
  });

  it('reads malformed storage as nothing kept, never throwing', () => {
    for (const raw of [
      '{',
      'null',
      '42',
      '"text"',
      '[]',
      '{}',
      JSON.stringify({ version: 1 }),
      JSON.stringify({ version: 1, recipients: 'x' }),
    ]) {
      sessionStorage.setItem(senderStateKey(7), raw);
      expect(readSenderState(7)).toEqual(EMPTY_SENDER_STATE);
    }
  });

  it('reads an older shape (another or no version) as nothing kept', () => {
    expect(parseSenderState(withChange((stored) => delete stored.version))).toBeNull();
    expect(parseSenderState(withChange((stored) => (stored.version = 0)))).toBeNull();
    // The list before this shape: recipients without their applied files.
    expect(
      parseSenderState(JSON.stringify({ version: 1, recipients: [{ key: 'contact:1', phoneNumber: '010' }] })),
    ).toBeNull();
  });

  it('refuses a list with a recipient that is not one, or a file that is not a file', () => {
    expect(parseSenderState(withChange((stored) => ((stored.recipients as unknown[])[1] = { key: 'x' })))).toBeNull();
    expect(
      parseSenderState(
        withChange((stored) => ((stored.recipients as Record<string, unknown>[])[0]!.files = [{ id: 1 }])),
      ),
    ).toBeNull();
    expect(
      parseSenderState(
        withChange((stored) => ((stored.recipients as unknown[])[1] = (stored.recipients as unknown[])[0])),
      ),
    ).toBeNull();
  });

  it('reads a bad choice as its default and drops keys that name no recipient', () => {
    const read = parseSenderState(
      withChange((stored) => {
        stored.channel = 'fax';
        stored.purpose = 'spam';
        stored.senderId = 'x';
        stored.checked = ['contact:999', minji.key, minji.key, 5];
        stored.loadedKey = 'contact:999';
        stored.draft = { message: 3 };
        stored.timing = { mode: 'scheduled', date: '2026-13-45', time: 'noon' };
      }),
    );
    expect(read).toMatchObject({
      channel: 'sms',
      purpose: 'information',
      senderId: null,
      checked: [minji.key],
      loadedKey: null,
      draft: EMPTY_SENDER_STATE.draft,
      timing: { mode: 'scheduled', date: null, time: null },
    });
    expect(read?.recipients).toEqual(STATE.recipients);
  });

  it('never reads a scheduled KakaoTalk send', () => {
    expect(parseSenderState(withChange((stored) => (stored.channel = 'kakao')))?.timing).toEqual(
      EMPTY_SENDER_STATE.timing,
    );
  });
});
