import {
  checklistOf,
  friendRequestsOf,
  hasKakaoPhone,
  type KakaoCandidate,
  nicknameFixesOf,
  type Selection,
} from '@job-casting/rules';

// The selections are the server's: the rules package holds them, and this file adds what only the page shows.
export { checklistOf, KAKAO_MESSAGES, newNameProblem, type Checklist, type Selection } from '@job-casting/rules';

/** What the KakaoTalk steps read of a contact. */
export interface KakaoContact extends KakaoCandidate {
  id: number;
  contactName: string;
  check: boolean;
  kakaoTalk: string;
}

/** A checked contact a friend request leaves out, and why (shown in the confirmation, never dropped in silence). */
export interface LeftOut<T> {
  contact: T;
  reason: string;
}

export type FriendSelection<T> = { ok: true; contacts: T[]; leftOut: LeftOut<T>[] } | { ok: false; message: string };

/** Why a checked contact gets no friend request, or null when it gets one: no phone, or a checklist already settled. */
function leftOutReason(contact: KakaoContact): string | null {
  if (!hasKakaoPhone(contact)) return 'no phone number';
  if (checklistOf(contact.checklistConfirm) !== '') return `checklist: ${contact.checklistConfirm.trim()}`;
  return null;
}

/**
 * Friend requests go to checked contacts with a phone whose checklist is neither agreement nor inconsistency; the
 * other checked contacts are named with the reason.
 */
export function friendRequestTargets<T extends KakaoContact>(contacts: readonly T[]): FriendSelection<T> {
  const checked = contacts.filter((contact) => contact.check);
  const selection = friendRequestsOf(checked);
  if (!selection.ok) return selection;
  const leftOut = checked.flatMap((contact) => {
    const reason = leftOutReason(contact);
    return reason ? [{ contact, reason }] : [];
  });
  return { ok: true, contacts: selection.contacts, leftOut };
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
  return nicknameFixesOf(contacts.filter((contact) => contact.check));
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
