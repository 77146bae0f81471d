import useSWR from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { favouritesKey } from './posts-keys.ts';

/** Favourite posts (GET posts/favorites with page and limit). */
export async function fetchFavourites(page: number, pageSize: number) {
  return unwrap(await api.GET('/backend/api/v1/posts/favorites', { params: { query: { page, limit: pageSize } } }));
}

export function useFavourites(page: number, pageSize: number) {
  return useSWR(favouritesKey(page, pageSize), ([, , p, size]) => fetchFavourites(p, size), { keepPreviousData: true });
}
