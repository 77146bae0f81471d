import { checklistOf } from '@job-casting/rules';

export { checklistOf, type Checklist } from '@job-casting/rules';

/** What the KakaoTalk steps read of a contact. */
export interface KakaoContact {
  id: number;
  contactName: string;
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
  newNamesSummary:
    'Please check the modified chat name. It is either empty or has the same name as your KakaoTalk chat name.',
} as const;

export type Selection<T> = { ok: true; contacts: T[] } | { ok: false; message: string };

/** A checked contact a friend request leaves out, and why (shown in the confirmation, never dropped in silence). */
export interface LeftOut<T> {
  contact: T;
  reason: string;
}

export type FriendSelection<T> = { ok: true; contacts: T[]; leftOut: LeftOut<T>[] } | { ok: false; message: string };

/** Why a checked contact gets no friend request, or null when it gets one: no phone, or a checklist already settled. */
function leftOutReason(contact: KakaoContact): string | null {
  if (contact.phoneNumber.trim() === '') return 'no phone number';
  if (checklistOf(contact.checklistConfirm) !== '') return `checklist: ${contact.checklistConfirm.trim()}`;
  return null;
}

/**
 * Friend requests go to checked contacts with a phone whose checklist is neither agreement nor inconsistency; the
 * other checked contacts are named with the reason.
 */
export function friendRequestTargets<T extends KakaoContact>(contacts: readonly T[]): FriendSelection<T> {
  const checked = contacts.filter((contact) => contact.check);
  const reachable = checked.filter((contact) => contact.phoneNumber.trim() !== '');
  if (reachable.length === 0) return { ok: false, message: KAKAO_MESSAGES.noFriendTargets };
  const targets = reachable.filter((contact) => checklistOf(contact.checklistConfirm) === '');
  if (targets.length === 0) return { ok: false, message: KAKAO_MESSAGES.checklistDone };
  const leftOut = checked.flatMap((contact) => {
    const reason = leftOutReason(contact);
    return reason ? [{ contact, reason }] : [];
  });
  return { ok: true, contacts: targets, leftOut };
}

/** The left-out contacts in one line: "김민준 (no phone number), 이서연 (checklist: inconsistency)". */
export function leftOutText(leftOut: readonly LeftOut<KakaoContact>[]): string {
  return leftOut.map(({ contact, reason }) => `${contact.contactName || `#${contact.id}`} (${reason})`).join(', ');
}

/** One contact's friend request (the row's Add button): the same rule, the row's check aside. */
export function singleFriendTarget<T extends KakaoContact>(contact: T): FriendSelection<T> {
  return friendRequestTargets([{ ...contact, check: true }]);
}

/** A nickname batch corrects the checked contacts whose chat name did not match (checklist inconsistency). */
export function nicknameTargets<T extends KakaoContact>(contacts: readonly T[]): Selection<T> {
  const targets = contacts.filter(
    (contact) => contact.check && checklistOf(contact.checklistConfirm) === 'inconsistency',
  );
  return targets.length === 0
    ? { ok: false, message: KAKAO_MESSAGES.noNicknameTargets }
    : { ok: true, contacts: targets };
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
