import { friendRequestsOf, KAKAO_MESSAGES, newNameProblem, nicknameFixesOf } from './kakao-selections.js';

const contact = (id: number, fields: { phoneNumber?: string; checklistConfirm?: string } = {}) => ({
  id,
  phoneNumber: '010-1234-5678',
  checklistConfirm: '',
  ...fields,
});

describe('friendRequestsOf', () => {
  it('takes the contacts with a phone and no confirmed checklist, in any spelling', () => {
    const result = friendRequestsOf([
      contact(1),
      contact(2, { phoneNumber: '  ' }),
      contact(3, { checklistConfirm: 'Match' }),
      contact(4, { checklistConfirm: '불일치' }),
      contact(5, { checklistConfirm: 'maybe' }),
    ]);
    expect(result).toEqual({ ok: true, contacts: [contact(1), contact(5, { checklistConfirm: 'maybe' })] });
  });

  it('refuses when no contact has a phone, then when every checklist is settled', () => {
    expect(friendRequestsOf([contact(1, { phoneNumber: '' })])).toEqual({
      ok: false,
      message: KAKAO_MESSAGES.noFriendTargets,
    });
    expect(friendRequestsOf([])).toEqual({ ok: false, message: KAKAO_MESSAGES.noFriendTargets });
    expect(friendRequestsOf([contact(1, { checklistConfirm: 'agreement' })])).toEqual({
      ok: false,
      message: KAKAO_MESSAGES.checklistDone,
    });
  });
});

describe('nicknameFixesOf', () => {
  it('takes the contacts whose chat name did not match', () => {
    const mismatch = contact(2, { checklistConfirm: 'Mismatch' });
    expect(nicknameFixesOf([contact(1), mismatch, contact(3, { checklistConfirm: 'agreement' })])).toEqual({
      ok: true,
      contacts: [mismatch],
    });
    expect(nicknameFixesOf([contact(1)])).toEqual({ ok: false, message: KAKAO_MESSAGES.noNicknameTargets });
  });
});

describe('newNameProblem', () => {
  it('needs a name unlike the KakaoTalk chat name', () => {
    expect(newNameProblem('김민준', ' ')).toBe(KAKAO_MESSAGES.emptyNewName);
    expect(newNameProblem('김민준 ', ' 김민준')).toBe(KAKAO_MESSAGES.sameAsChatName);
    expect(newNameProblem('김민준', '김민준 배우')).toBeNull();
  });
});
