import { act, renderHook } from '@testing-library/react';
import { MAX_CAMPAIGN_POSTS } from '@job-casting/rules';
import { beforeEach, describe, expect, it } from 'vitest';
import { campaignPicksKey, readCampaignPicks, useCampaignPicks } from './campaign-picks.ts';

beforeEach(() => sessionStorage.clear());

describe('the posts picked for a campaign', () => {
  it('are kept per staff member across a reload, and cleared', () => {
    const first = renderHook(() => useCampaignPicks(7));
    act(() => first.result.current.toggle({ postId: 'P-1', title: '광고 모델' }));
    act(() => first.result.current.toggle({ postId: 'P-2', title: '뮤직비디오' }));
    act(() => first.result.current.toggle({ postId: 'P-1', title: '광고 모델' }));
    expect(first.result.current.picks).toEqual([{ postId: 'P-2', title: '뮤직비디오' }]);
    first.unmount();

    const reloaded = renderHook(() => useCampaignPicks(7));
    expect(reloaded.result.current.has('P-2')).toBe(true);
    expect(renderHook(() => useCampaignPicks(8)).result.current.picks).toEqual([]);
    act(() => reloaded.result.current.clear());
    expect(sessionStorage.getItem(campaignPicksKey(7))).toBeNull();
  });

  it('stop at the most posts a campaign takes', () => {
    const { result } = renderHook(() => useCampaignPicks(7));
    act(() => {
      for (let i = 0; i <= MAX_CAMPAIGN_POSTS; i++) result.current.toggle({ postId: `P-${i}`, title: `${i}` });
    });
    expect(result.current.picks).toHaveLength(MAX_CAMPAIGN_POSTS);
    expect(result.current.has(`P-${MAX_CAMPAIGN_POSTS}`)).toBe(false);
  });

  it('read anything malformed as no picks', () => {
    for (const stored of ['{', '{"postId":"P-1"}', '[{"postId":1,"title":"x"}]']) {
      sessionStorage.setItem(campaignPicksKey(7), stored);
      expect(readCampaignPicks(7)).toEqual([]);
    }
  });
});
