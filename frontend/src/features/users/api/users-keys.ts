import { mutate } from 'swr';

/** Spec §9: lists show 50 items per page by default. */
export const USERS_PAGE_SIZE = 50;

export const usersKey = (page: number) => ['users', 'list', page] as const;
export const userKey = (id: number) => ['users', 'detail', id] as const;

/** After any change to users, every cached list page and detail is fetched again. */
export function revalidateUsers(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === 'users');
}
