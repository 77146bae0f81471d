// The posts staff pick on the dashboard for an e-mail campaign, kept in the tab's session storage per staff member:
// paging, filtering and a reload keep them until the campaign is made or the picks are cleared. What is read back
// is checked: anything malformed reads as no picks, never a crash.
import { useEffect, useState } from 'react';
import { MAX_CAMPAIGN_POSTS } from '@job-casting/rules';

export interface CampaignPick {
  postId: string;
  title: string;
}

export const campaignPicksKey = (userId: number) => `campaign-posts:${userId}`;

export function readCampaignPicks(userId: number, storage: Storage = sessionStorage): CampaignPick[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(campaignPicksKey(userId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const picks = parsed.filter(
      (pick): pick is CampaignPick =>
        typeof pick === 'object' && pick !== null && typeof pick.postId === 'string' && typeof pick.title === 'string',
    );
    return picks.slice(0, MAX_CAMPAIGN_POSTS);
  } catch {
    return [];
  }
}

export function writeCampaignPicks(
  userId: number,
  picks: readonly CampaignPick[],
  storage: Storage = sessionStorage,
): void {
  try {
    if (picks.length === 0) storage.removeItem(campaignPicksKey(userId));
    else storage.setItem(campaignPicksKey(userId), JSON.stringify(picks));
  } catch {
    // A full or blocked storage keeps the picks for this page only.
  }
}

export interface CampaignPicks {
  picks: readonly CampaignPick[];
  has: (postId: string) => boolean;
  /** Picks the post, or lets it go when picked; at most MAX_CAMPAIGN_POSTS, as the server takes. */
  toggle: (pick: CampaignPick) => void;
  clear: () => void;
}

export function useCampaignPicks(userId: number | null): CampaignPicks {
  const [picks, setPicks] = useState<CampaignPick[]>(() => (userId === null ? [] : readCampaignPicks(userId)));
  useEffect(() => {
    if (userId !== null) writeCampaignPicks(userId, picks);
  }, [userId, picks]);
  return {
    picks,
    has: (postId) => picks.some((pick) => pick.postId === postId),
    toggle: (pick) =>
      setPicks((current) => {
        if (current.some((candidate) => candidate.postId === pick.postId))
          return current.filter((candidate) => candidate.postId !== pick.postId);
        return current.length >= MAX_CAMPAIGN_POSTS ? current : [...current, pick];
      }),
    clear: () => setPicks([]),
  };
}
