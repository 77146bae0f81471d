import { describe, expect, it } from 'vitest';
import {
  addFriendButton,
  checklistOf,
  editConversationButton,
  friendRequestTargets,
  KAKAO_MESSAGES,
  leftOutText,
  newNameProblem,
  nicknameTargets,
  singleFriendTarget,
} from './kakao-rules.ts';

const contact = (
  id: number,
  over: Partial<{
    contactName: string;
    check: boolean;
    phoneNumber: string;
    checklistConfirm: string;
    kakaoTalk: string;
  }> = {},
) => ({
  id,
  contactName: `연락처${id}`,
  check: true,
  phoneNumber: '010-1234-5678',
  checklistConfirm: '',
  kakaoTalk: '김민지',
  ...over,
});

describe('friendRequestTargets', () => {
  it('takes checked contacts with a phone and no checklist value', () => {
    const result = friendRequestTargets([
      contact(1),
      contact(2, { check: false }),
      contact(3, { phoneNumber: '  ' }),
      contact(4, { checklistConfirm: 'agreement' }),
      contact(5, { checklistConfirm: '불일치' }),
      contact(6, { checklistConfirm: 'Other' }),
    ]);
    expect(result).toEqual({
      ok: true,
      contacts: [contact(1), contact(6, { checklistConfirm: 'Other' })],
      leftOut: [
        { contact: contact(3, { phoneNumber: '  ' }), reason: 'no phone number' },
        { contact: contact(4, { checklistConfirm: 'agreement' }), reason: 'checklist: agreement' },
        { contact: contact(5, { checklistConfirm: '불일치' }), reason: 'checklist: 불일치' },
      ],
    });
  });

  it('names the checked contacts it leaves out, with the reason, in one line', () => {
    const result = friendRequestTargets([
      contact(1, { contactName: '박지훈' }),
      contact(2, { contactName: '김민준', phoneNumber: '' }),
      contact(3, { contactName: '이서연', checklistConfirm: '불일치' }),
      contact(4, { contactName: '', phoneNumber: '' }),
    ]);
    expect(result.ok && leftOutText(result.leftOut)).toBe(
      '김민준 (no phone number), 이서연 (checklist: 불일치), #4 (no phone number)',
    );
  });

  it('says No contacts available. when nobody checked has a phone', () => {
    expect(friendRequestTargets([contact(1, { check: false }), contact(2, { phoneNumber: '' })])).toEqual({
      ok: false,
      message: 'No contacts available.',
    });
    expect(friendRequestTargets([])).toEqual({ ok: false, message: KAKAO_MESSAGES.noFriendTargets });
  });

  it('names the checklist when every reachable contact already has one', () => {
    expect(
      friendRequestTargets([
        contact(1, { checklistConfirm: 'Match' }),
        contact(2, { checklistConfirm: 'inconsistency' }),
      ]),
    ).toEqual({
      ok: false,
      message: KAKAO_MESSAGES.checklistDone,
    });
  });

  it('judges a single contact whether or not it is checked', () => {
    expect(singleFriendTarget(contact(1, { check: false })).ok).toBe(true);
    expect(singleFriendTarget(contact(1, { checklistConfirm: 'agreement' })).ok).toBe(false);
  });
});

describe('nicknameTargets', () => {
  it('takes checked contacts whose checklist is inconsistency in any spelling', () => {
    const result = nicknameTargets([
      contact(1, { checklistConfirm: 'inconsistency' }),
      contact(2, { checklistConfirm: 'Mismatch' }),
      contact(3, { checklistConfirm: 'agreement' }),
      contact(4, { check: false, checklistConfirm: '불일치' }),
    ]);
    expect(result.ok && result.contacts.map((c) => c.id)).toEqual([1, 2]);
  });

  it('says there is nobody to correct', () => {
    expect(nicknameTargets([contact(1)])).toEqual({
      ok: false,
      message: 'There are no contacts that need to change their nickname.',
    });
  });
});

describe('newNameProblem', () => {
  it('needs a name unlike the KakaoTalk chat name', () => {
    expect(newNameProblem('김민지', '  ')).toBe('Please enter the modified chat name');
    expect(newNameProblem('김민지', ' 김민지 ')).toBe('The same name as the KakaoTalk chat name cannot be used');
    expect(newNameProblem('김민지', '민지 배우')).toBeNull();
  });
});

describe('row buttons', () => {
  it('edit conversation: Wait, Done, Modify', () => {
    expect(editConversationButton('')).toEqual({ label: 'Wait', isDisabled: true });
    expect(editConversationButton('일치')).toEqual({ label: 'Done', isDisabled: true });
    expect(editConversationButton('Mismatch')).toEqual({ label: 'Modify', isDisabled: false });
  });

  it('add friend: Add until a checklist value, then Done', () => {
    expect(addFriendButton('')).toEqual({ label: 'Add', isDisabled: false });
    expect(addFriendButton('agreement')).toEqual({ label: 'Done', isDisabled: true });
    expect(addFriendButton('inconsistency')).toEqual({ label: 'Done', isDisabled: true });
  });

  it('reads the checklist in every spelling', () => {
    expect(checklistOf(' MATCH ')).toBe('agreement');
    expect(checklistOf(undefined)).toBe('');
  });
});
