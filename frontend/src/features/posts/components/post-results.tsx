import { useMemo, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { useSelectionsOf } from '../../models/index.ts';
import type { Post, PostList } from '../api/use-dashboard-posts.ts';
import type { PostsView } from '../lib/posts-view.ts';
import { MemoDialog } from './memo-dialog.tsx';
import { usePostSendActions } from './post-send-actions.tsx';
import { PostCard, type Language } from './post-card.tsx';
import { PostListView } from './post-list-view.tsx';
import type { CampaignPicks } from '../domain/campaign-picks.ts';
import { PostPager } from './post-pager.tsx';

function PostSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="h-5 w-2/3 rounded bg-slate-200" />
      <div className="mt-2 h-4 w-1/3 rounded bg-slate-100" />
      <div className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="h-8 rounded bg-slate-100" />
        ))}
      </div>
      <div className="mt-4 h-24 rounded bg-slate-100" />
    </div>
  );
}

export interface PostResultsProps {
  data: PostList | undefined;
  error: unknown;
  isLoading: boolean;
  /** The list is being fetched again (another page or filter) while the previous one stays on screen. */
  isValidating?: boolean;
  language: Language;
  onPageChange: (page: number) => void;
  /** The error panel's texts. */
  errorTitle?: string;
  errorText: string;
  empty: ReactNode;
  /** The mail account e-mails are sent from; the stored account when absent. */
  accountId?: number | null;
  /** Cards (the default) or the compact list with its side panel. */
  view?: PostsView;
  /** The dashboard's picks for an e-mail campaign: checkboxes on cards and rows when given. */
  picks?: CampaignPicks;
}

/** A list of post cards with its loading skeletons, error panel, empty state and pager. */
export function PostResults({
  data,
  error,
  isLoading,
  isValidating,
  language,
  onPageChange,
  errorTitle = 'Error',
  errorText,
  empty,
  accountId,
  view = 'cards',
  picks,
}: PostResultsProps) {
  const [memoFor, setMemoFor] = useState<Post | null>(null);
  const sendActions = usePostSendActions(accountId);
  // The page's selected models in one request (a page has up to 150 posts).
  const postIds = useMemo(() => data?.posts.data.map((post) => post.postId) ?? [], [data]);
  const selections = useSelectionsOf(postIds);

  let content: ReactNode;
  if (isLoading && !data) {
    content = (
      <div role="status" aria-label="Loading posts" className="flex flex-col gap-4">
        <PostSkeleton />
        <PostSkeleton />
        <PostSkeleton />
      </div>
    );
  } else if (error && !data) {
    content = (
      <Alert>
        <p className="font-semibold">{errorTitle}</p>
        <p>{errorText}</p>
      </Alert>
    );
  } else if (!data || data.posts.data.length === 0) {
    content = empty;
  } else {
    content = (
      <div className="flex flex-col gap-4">
        <PostPager pagination={data.pagination} onPageChange={onPageChange} />
        {view === 'list' ? (
          <PostListView
            posts={data.posts.data}
            language={language}
            selections={selections.byPost}
            onMemo={setMemoFor}
            onSendAction={sendActions.onSendAction}
            isBusy={isValidating}
            picks={picks}
          />
        ) : (
          <ul
            className={`flex flex-col gap-4 transition-opacity ${isValidating ? 'opacity-70' : ''}`}
            aria-busy={isValidating || undefined}
          >
            {data.posts.data.map((post) => (
              <li key={post.postId}>
                <PostCard
                  post={post}
                  language={language}
                  onMemo={setMemoFor}
                  onSendAction={sendActions.onSendAction}
                  selectedModels={selections.byPost.get(post.postId)}
                  picks={picks}
                />
              </li>
            ))}
          </ul>
        )}
        <PostPager pagination={data.pagination} onPageChange={onPageChange} />
      </div>
    );
  }

  return (
    <>
      {content}
      <MemoDialog post={memoFor} onClose={() => setMemoFor(null)} />
      {sendActions.dialogs}
    </>
  );
}

/** The empty state of a post list. */
export function EmptyPosts({ title, text }: { title: string; text?: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {text && <p className="mt-1 text-sm text-slate-600">{text}</p>}
    </div>
  );
}
