import type { Schemas } from '@job-casting/contracts';
import useSWR from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import type { PostSource } from './post-source.ts';
import { dashboardPostsKey } from './posts-keys.ts';

export type Post = Schemas['PostDto'];
export type PostList = Schemas['PostListDto'];

const ORDER = { sortBy: 'postDate', sortOrder: 'DESC' } as const;

/** One page of the list the filters chose: posts, posts/search, posts/filter or posts/datefilter (spec §7). */
export async function fetchDashboardPosts(source: PostSource, page: number, pageSize: number): Promise<PostList> {
  const paging = { page, pageSize, limit: pageSize, ...ORDER };
  switch (source.kind) {
    case 'date': {
      const { kind: _, ...filter } = source;
      return unwrap(await api.GET('/backend/api/v1/posts/datefilter', { params: { query: { ...paging, ...filter } } }));
    }
    case 'search': {
      const { kind: _, ...filter } = source;
      return unwrap(await api.GET('/backend/api/v1/posts/search', { params: { query: { ...paging, ...filter } } }));
    }
    case 'gender':
      return unwrap(
        await api.GET('/backend/api/v1/posts/filter', {
          params: { query: { ...paging, recruitmentGender: source.recruitmentGender } },
        }),
      );
    case 'list':
      return unwrap(await api.GET('/backend/api/v1/posts', { params: { query: paging } }));
  }
}

/** The dashboard's posts; the previous page stays on screen while the next one loads. */
export function useDashboardPosts(source: PostSource, page: number, pageSize: number) {
  return useSWR(dashboardPostsKey(source, page, pageSize), ([, , s, p, size]) => fetchDashboardPosts(s, p, size), {
    keepPreviousData: true,
  });
}
