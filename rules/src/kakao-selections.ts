// Who the KakaoTalk steps reach (spec §5): the server decides a batch by these rules, and the SPA shows the same
// choice (and the same refusals) before it asks.
import { checklistOf } from './contact-values.js';

/** What the KakaoTalk selections read of a contact. */
export interface KakaoCandidate {
  phoneNumber: string;
  checklistConfirm: string;
}

/** Spec §5 and §4, verbatim. */
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

/** A contact a friend request can reach: it has a phone. */
export function hasKakaoPhone(contact: KakaoCandidate): boolean {
  return contact.phoneNumber.trim() !== '';
}

/**
 * Of the checked contacts, those a friend request goes to: with a phone, and a checklist neither agreement nor
 * inconsistency (those are already friends, matched or not).
 */
export function friendRequestsOf<T extends KakaoCandidate>(checked: readonly T[]): Selection<T> {
  const reachable = checked.filter(hasKakaoPhone);
  if (reachable.length === 0) return { ok: false, message: KAKAO_MESSAGES.noFriendTargets };
  const targets = reachable.filter((contact) => checklistOf(contact.checklistConfirm) === '');
  if (targets.length === 0) return { ok: false, message: KAKAO_MESSAGES.checklistDone };
  return { ok: true, contacts: targets };
}

/** Of the checked contacts, those whose nickname a batch corrects: their chat name did not match (inconsistency). */
export function nicknameFixesOf<T extends KakaoCandidate>(checked: readonly T[]): Selection<T> {
  const targets = checked.filter((contact) => checklistOf(contact.checklistConfirm) === 'inconsistency');
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
