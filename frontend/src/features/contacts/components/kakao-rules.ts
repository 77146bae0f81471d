/** What the KakaoTalk steps read of a contact. */
export interface KakaoContact {
  id: number;
  check: boolean;
  phoneNumber: string;
  checklistConfirm: string;
  kakaoTalk: string;
}

/** Spec §5 and §4, verbatim. */
export const KAKAO_MESSAGES = {
  noFriendTargets: 'No contacts available.',
  checklistDone: 'Friend requests are only for contacts whose checklist is neither agreement nor inconsistency.',
  noNicknameTargets: 'There are no contacts that need to change their nickname.',
  emptyNewName: 'Please enter the modified chat name',
  sameAsChatName: 'The same name as the KakaoTalk chat name cannot be used',
  newNamesSummary: 'Please check the modified chat name. It is either empty or has the same name as your KakaoTalk chat name.',
} as const;

export type Checklist = 'agreement' | 'inconsistency' | '';

const CHECKLIST_WORDS: Record<string, Checklist> = {
  agreement: 'agreement',
  match: 'agreement',
  일치: 'agreement',
  inconsistency: 'inconsistency',
  mismatch: 'inconsistency',
  불일치: 'inconsistency',
};

/** The checklist in one spelling: agreement / inconsistency, Match / Mismatch and 일치 / 불일치 mean the same. */
export function checklistOf(value: string | null | undefined): Checklist {
  return CHECKLIST_WORDS[(value ?? '').trim().toLowerCase()] ?? '';
}

export type Selection<T> = { ok: true; contacts: T[] } | { ok: false; message: string };

/** Friend requests go to checked contacts with a phone whose checklist is neither agreement nor inconsistency. */
export function friendRequestTargets<T extends KakaoContact>(contacts: readonly T[]): Selection<T> {
  const reachable = contacts.filter((contact) => contact.check && contact.phoneNumber.trim() !== '');
  if (reachable.length === 0) return { ok: false, message: KAKAO_MESSAGES.noFriendTargets };
  const targets = reachable.filter((contact) => checklistOf(contact.checklistConfirm) === '');
  if (targets.length === 0) return { ok: false, message: KAKAO_MESSAGES.checklistDone };
  return { ok: true, contacts: targets };
}

/** One contact's friend request (the row's Add button): the same rule, the row's check aside. */
export function singleFriendTarget<T extends KakaoContact>(contact: T): Selection<T> {
  return friendRequestTargets([{ ...contact, check: true }]);
}

/** A nickname batch corrects the checked contacts whose chat name did not match (checklist inconsistency). */
export function nicknameTargets<T extends KakaoContact>(contacts: readonly T[]): Selection<T> {
  const targets = contacts.filter((contact) => contact.check && checklistOf(contact.checklistConfirm) === 'inconsistency');
  return targets.length === 0 ? { ok: false, message: KAKAO_MESSAGES.noNicknameTargets } : { ok: true, contacts: targets };
}

/** Why a typed new chat name cannot be used, or null: given, and unlike the KakaoTalk chat name. */
export function newNameProblem(kakaoTalkName: string, newName: string): string | null {
  const name = newName.trim();
  if (name === '') return KAKAO_MESSAGES.emptyNewName;
  if (name === kakaoTalkName.trim()) return KAKAO_MESSAGES.sameAsChatName;
  return null;
}

export interface RowButton {
  label: string;
  isDisabled: boolean;
}

/** Edit-conversation button (spec §4): Wait when neither, Done (disabled) on agreement, Modify on inconsistency. */
export function editConversationButton(checklist: string): RowButton {
  switch (checklistOf(checklist)) {
    case 'agreement':
      return { label: 'Done', isDisabled: true };
    case 'inconsistency':
      return { label: 'Modify', isDisabled: false };
    default:
      return { label: 'Wait', isDisabled: true };
  }
}

/** Add-friend button (spec §4): Add until agreement or inconsistency, then Done (disabled). */
export function addFriendButton(checklist: string): RowButton {
  return checklistOf(checklist) === '' ? { label: 'Add', isDisabled: false } : { label: 'Done', isDisabled: true };
}
