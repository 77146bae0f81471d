import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import type { Post } from './use-dashboard-posts.ts';
import { revalidatePosts } from './posts-keys.ts';

/** PUT posts/{postId} {isFavorite}. */
export async function setFavourite(postId: string, isFavorite: boolean): Promise<Post> {
  const post = unwrap(
    await api.PUT('/backend/api/v1/posts/{postId}', { params: { path: { postId } }, body: { isFavorite } }),
  );
  await revalidatePosts();
  return post;
}

/** POST posts/addMemo/{postId} {memo}; a blank memo clears it. */
export async function saveMemo(postId: string, memo: string): Promise<Post> {
  const post = unwrap(
    await api.POST('/backend/api/v1/posts/addMemo/{postId}', { params: { path: { postId } }, body: { memo } }),
  );
  await revalidatePosts();
  return post;
}
