import { friendRequestsOf, type KakaoCandidate, nicknameFixesOf, type Selection } from '@job-casting/rules';

// The selections are the SPA's too: they live in the rules package; a batch takes the checked contacts.
export { KAKAO_MESSAGES, newNameProblem, type Selection } from '@job-casting/rules';

/** What the KakaoTalk steps read of a contact. */
export interface KakaoContact extends KakaoCandidate {
  id: number;
  checked: boolean;
  kakaoTalk: string;
}

/** Who a friend request goes to: the checked contacts of friendRequestsOf. */
export function friendRequestTargets<T extends KakaoContact>(contacts: readonly T[]): Selection<T> {
  return friendRequestsOf(contacts.filter((contact) => contact.checked));
}

/** Whose nickname a batch corrects: the checked contacts of nicknameFixesOf. */
export function nicknameTargets<T extends KakaoContact>(contacts: readonly T[]): Selection<T> {
  return nicknameFixesOf(contacts.filter((contact) => contact.checked));
}
