import {
  friendRequestTargets,
  KAKAO_MESSAGES,
  newNameProblem,
  nicknameTargets,
  type KakaoContact,
} from './kakao-batches.js';

const contact = (id: number, fields: Partial<KakaoContact> = {}): KakaoContact => ({
  id,
  checked: true,
  phoneNumber: '010-1234-5678',
  checklistConfirm: '',
  kakaoTalk: '김민준',
  ...fields,
});

describe('friendRequestTargets', () => {
  it('takes the checked contacts with a phone and no confirmed checklist', () => {
    const result = friendRequestTargets([
      contact(1),
      contact(2, { checked: false }),
      contact(3, { phoneNumber: '  ' }),
      contact(4, { checklistConfirm: 'Match' }),
      contact(5, { checklistConfirm: '불일치' }),
      contact(6, { checklistConfirm: '확인 필요' }),
    ]);
    expect(result.ok && result.contacts.map((c) => c.id)).toEqual([1, 6]);
  });

  it('says no contacts are available when none is checked with a phone', () => {
    expect(friendRequestTargets([contact(1, { checked: false }), contact(2, { phoneNumber: '' })])).toEqual({
      ok: false,
      message: KAKAO_MESSAGES.noFriendTargets,
    });
  });

  it('names the checklist when every reachable contact is already confirmed', () => {
    expect(friendRequestTargets([contact(1, { checklistConfirm: 'agreement' })])).toEqual({
      ok: false,
      message: KAKAO_MESSAGES.checklistDone,
    });
  });
});

describe('nicknameTargets', () => {
  it('takes the checked contacts whose chat name did not match', () => {
    const result = nicknameTargets([
      contact(1, { checklistConfirm: 'inconsistency' }),
      contact(2, { checklistConfirm: 'Mismatch', checked: false }),
      contact(3, { checklistConfirm: 'agreement' }),
    ]);
    expect(result.ok && result.contacts.map((c) => c.id)).toEqual([1]);
  });

  it('refuses with the spec message when none needs a new nickname', () => {
    expect(nicknameTargets([contact(1)])).toEqual({ ok: false, message: KAKAO_MESSAGES.noNicknameTargets });
  });
});

describe('newNameProblem', () => {
  it('requires a name different from the KakaoTalk chat name', () => {
    expect(newNameProblem('김민준', '  ')).toBe(KAKAO_MESSAGES.emptyNewName);
    expect(newNameProblem('김민준', ' 김민준 ')).toBe(KAKAO_MESSAGES.sameAsChatName);
    expect(newNameProblem('김민준', '김민준 배우')).toBeNull();
  });
});
