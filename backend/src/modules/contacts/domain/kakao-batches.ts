import { checklistOf } from './contact-fields.js';

/** What the KakaoTalk steps read of a contact. */
export interface KakaoContact {
  id: number;
  checked: boolean;
  phoneNumber: string;
  checklistConfirm: string;
  kakaoTalk: string;
}

export const KAKAO_MESSAGES = {
  noFriendTargets: 'No contacts available.',
  checklistDone: 'Friend requests are only for contacts whose checklist is neither agreement nor inconsistency.',
  noNicknameTargets: 'There are no contacts that need to change their nickname.',
  emptyNewName: 'Please enter the modified chat name',
  sameAsChatName: 'The same name as the KakaoTalk chat name cannot be used',
  newNamesSummary:
    'Please check the modified chat name. It is either empty or has the same name as your KakaoTalk chat name.',
} as const;

export type Selection<T> = { ok: true; contacts: T[] } | { ok: false; message: string };

/**
 * Who a friend request goes to (spec §5): the checked contacts with a phone whose checklist is neither agreement
 * nor inconsistency (those are already friends, matched or not).
 */
export function friendRequestTargets<T extends KakaoContact>(contacts: readonly T[]): Selection<T> {
  const reachable = contacts.filter((contact) => contact.checked && contact.phoneNumber.trim() !== '');
  if (reachable.length === 0) return { ok: false, message: KAKAO_MESSAGES.noFriendTargets };
  const targets = reachable.filter((contact) => checklistOf(contact.checklistConfirm) === '');
  if (targets.length === 0) return { ok: false, message: KAKAO_MESSAGES.checklistDone };
  return { ok: true, contacts: targets };
}

/** Whose nickname a batch corrects: the checked contacts whose chat name did not match (checklist inconsistency). */
export function nicknameTargets<T extends KakaoContact>(contacts: readonly T[]): Selection<T> {
  const targets = contacts.filter(
    (contact) => contact.checked && checklistOf(contact.checklistConfirm) === 'inconsistency',
  );
  return targets.length === 0
    ? { ok: false, message: KAKAO_MESSAGES.noNicknameTargets }
    : { ok: true, contacts: targets };
}

/** Why a typed new chat name cannot be used, or null: it must be given and differ from the KakaoTalk chat name. */
export function newNameProblem(kakaoTalkName: string, newName: string): string | null {
  const name = newName.trim();
  if (name === '') return KAKAO_MESSAGES.emptyNewName;
  if (name === kakaoTalkName.trim()) return KAKAO_MESSAGES.sameAsChatName;
  return null;
}
