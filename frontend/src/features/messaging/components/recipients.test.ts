import { describe, expect, it } from 'vitest';
import type { MessageFile, RecipientContact } from '../api/messaging-types.ts';
import {
  addRecipients,
  applyDraft,
  messagesToSend,
  recipientFromContact,
  recipientFromPhone,
  sendingProblem,
  type MessageDraft,
} from './recipients.ts';

function contact(id: number, contactName: string, phoneNumber: string, definition1 = ''): RecipientContact {
  return {
    id,
    contactName,
    phoneNumber,
    definition1,
    definition2: '',
    definition3: '',
    Group: '배우',
    addressBookId: 1,
    chatWindowName: '',
    check: true,
    checklistConfirm: '',
    completionStatus: '',
    email: '',
    groupId: null,
    kakaoTalk: '',
    memo: '',
    modifyChat: '',
    startStatus: '',
    version: 1,
  };
}

const PHOTO: MessageFile = { id: 'f1', name: 'a.jpg', folder: '프로필', mimeType: 'image/jpeg', size: 10 };
const kim = recipientFromContact(contact(1, '김민지', '010-1111-2222', '배우'));
const lee = recipientFromContact(contact(2, '이수민', '010-3333-4444', '모델'));
const draft: MessageDraft = { message: '{{Name}}님 ({{Definition1}}) 오디션 안내', fileType: 'bundle', files: [] };

describe('the recipient list', () => {
  it('starts a contact unconfigured, with its id as KakaoTalk ID', () => {
    expect(kim).toMatchObject({
      key: 'contact:1',
      contactId: 1,
      name: '김민지',
      group: '배우',
      messageContent: '',
      isConfigured: false,
    });
  });

  it('adds a recipient once, keyed by contact id or by the digits of a typed number', () => {
    const typed = recipientFromPhone(' 010-5555-6666 ');
    expect(typed).toMatchObject({ key: 'phone:01055556666', contactId: null, phoneNumber: '010-5555-6666' });
    const list = addRecipients([kim], [kim, lee, typed, recipientFromPhone('01055556666')]);
    expect(list.map((recipient) => recipient.key)).toEqual(['contact:1', 'contact:2', 'phone:01055556666']);
  });
});

describe('applyDraft', () => {
  it('personalises the message for the checked recipients only and marks them completed', () => {
    const [appliedKim, untouchedLee] = applyDraft([kim, lee], new Set(['contact:1']), {
      ...draft,
      fileType: 'individual',
      files: [PHOTO],
    });
    expect(appliedKim).toMatchObject({
      messageContent: '김민지님 (배우) 오디션 안내',
      fileType: 'individual',
      files: [PHOTO],
      isConfigured: true,
    });
    expect(untouchedLee).toBe(lee);
  });
});

describe('messagesToSend', () => {
  it('sends the checked recipients’ applied messages and applies the draft to those never applied', () => {
    const list = applyDraft([kim, lee, recipientFromPhone('010-7777-8888')], new Set(['contact:1']), {
      message: '먼저 적용: {{Name}}',
      fileType: 'bundle',
      files: [PHOTO],
    });
    const messages = messagesToSend(list, new Set(['contact:1', 'contact:2']), draft);
    expect(messages).toEqual([
      { phone: '010-1111-2222', name: '김민지', text: '먼저 적용: 김민지', files: ['f1'], fileType: '묶음' },
      { phone: '010-3333-4444', name: '이수민', text: '이수민님 (모델) 오디션 안내' },
    ]);
  });
});

describe('sendingProblem', () => {
  it('names the first recipient whose message cannot go out', () => {
    expect(sendingProblem([{ phone: '010-1111-2222', text: '안녕하세요' }])).toBeNull();
    expect(
      sendingProblem([
        { phone: '010-1111-2222', name: '김민지', text: '축하해요 🎉' },
        { phone: '010-3333-4444', text: '' },
      ]),
    ).toBe('김민지 (010-1111-2222): The message has characters a text message cannot carry: 🎉');
    expect(sendingProblem([{ phone: '010-3333-4444', text: ' ' }])).toBe(
      '010-3333-4444: Please enter the message content.',
    );
  });
});
