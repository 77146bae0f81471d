// The dashboard shows its posts as cards or as a compact list. The choice is this browser's preference (not part
// of the list a link shares), kept in localStorage so that a reload and the next visit show the same view.
import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '../../../lib/storage.ts';

export type PostsView = 'cards' | 'list';
export const POSTS_VIEWS: readonly PostsView[] = ['cards', 'list'];
export const DEFAULT_POSTS_VIEW: PostsView = 'cards';

type ViewStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored view; anything else (nothing stored, an old value, storage refused) reads as cards. */
export function readPostsView(storage: ViewStorage = localStorage): PostsView {
  try {
    const stored = storage.getItem(STORAGE_KEYS.postsView);
    return POSTS_VIEWS.find((view) => view === stored) ?? DEFAULT_POSTS_VIEW;
  } catch {
    return DEFAULT_POSTS_VIEW;
  }
}

/** Remembers the view; a browser that refuses storage still switches, it only forgets on reload. */
export function writePostsView(view: PostsView, storage: ViewStorage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.postsView, view);
  } catch {
    // Private mode or a full storage: the choice holds for this visit.
  }
}

/** The dashboard's view and its setter, which remembers the choice. */
export function usePostsView(): [PostsView, (view: PostsView) => void] {
  const [view, setView] = useState(readPostsView);
  const choose = useCallback((next: PostsView) => {
    writePostsView(next);
    setView(next);
  }, []);
  return [view, choose];
}
