import { mutate } from 'swr';
import type { PostSource } from './post-source.ts';

export const dashboardPostsKey = (source: PostSource, page: number, pageSize: number) =>
  ['posts', 'dashboard', source, page, pageSize] as const;
export const sentEmailsKey = (senderId: number, page: number, pageSize: number) =>
  ['posts', 'sent-emails', senderId, page, pageSize] as const;
export const favouritesKey = (page: number, pageSize: number) => ['posts', 'favourites', page, pageSize] as const;

/** After a post changes (favourite, memo, an import), every cached post list is fetched again. */
export function revalidatePosts(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === 'posts');
}
