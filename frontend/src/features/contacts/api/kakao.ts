import type { Schemas } from '@job-casting/contracts';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { revalidateBook } from './contacts-keys.ts';

export type KakaoRequest = Schemas['SaveKakaoListDto'];
export type KakaoResult = Schemas['KakaoResultDto'];

/** POST save-kakao-list: friend requests (filteredKakaoList, singleContact) or a nickname batch (kakaoList, changedContacts). */
export async function saveKakaoList(bookId: number, body: KakaoRequest): Promise<KakaoResult> {
  const result = unwrap(await api.POST('/backend/api/v1/save-kakao-list', { body }));
  await revalidateBook(bookId);
  return result;
}
