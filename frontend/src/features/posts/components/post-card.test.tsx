import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Model } from '../../models/index.ts';
import type { Post } from '../api/use-dashboard-posts.ts';

const setFavourite = vi.fn(async () => ({}));
vi.mock('../api/update-post.ts', () => ({ setFavourite: (...args: unknown[]) => setFavourite(...(args as [])) }));
const { PostCard } = await import('./post-card.tsx');

const post: Post = {
  postId: 'P-1',
  isFavorite: false,
  memo: null,
  isEmailSent: true,
  lastEmailOutcome: null,
  data: {
    postTitle: '드라마 단역 모집',
    titleOfTheWork: '봄날',
    produce: '스튜디오 봄',
    recruitmentGender: '여자',
    numberOfRecruits: '2명',
    roleInThePlay: '카페 손님',
    appearanceFee: '150,000원',
    filmingPeriod: '12월 중',
    recruitmentDeadline: '2026-12-01',
    postDate: '2026-11-28T15:00:00.000Z',
    manager: '김담당',
    phoneCall: '010-1234-5678',
    customerEmail: null,
    email: 'casting@studio.kr',
    body: '<p><strong>본문</strong> 내용</p>',
    eng: '<p>English body</p>',
    postUrl: 'https://example.com/p/1',
  },
};

describe('PostCard', () => {
  it('shows every field, the sent notice and the description of the chosen language', () => {
    const { rerender } = render(<PostCard post={post} language="kor" onMemo={vi.fn()} onSendAction={vi.fn()} />);
    expect(screen.getByRole('heading', { name: '드라마 단역 모집' })).toBeTruthy();
    for (const text of [
      '봄날',
      '스튜디오 봄',
      '여자',
      '2명',
      '카페 손님',
      '150,000원',
      '12월 중',
      '2026-12-01',
      '2026-11-29',
      '김담당',
      '010-1234-5678',
      'casting@studio.kr',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('Email has been sent for this posting')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Description of 드라마 단역 모집' }).textContent).toBe('본문 내용');
    rerender(<PostCard post={post} language="eng" onMemo={vi.fn()} onSendAction={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Description of 드라마 단역 모집' }).textContent).toBe('English body');

    const original = screen.getByRole('link', { name: 'View Original Post' });
    expect(original.getAttribute('target')).toBe('_blank');
    expect(original.getAttribute('rel')).toContain('noopener');
  });

  it('offers Add Memo or Update Memo, and the send buttons', async () => {
    const onMemo = vi.fn();
    const onSendAction = vi.fn();
    const { rerender } = render(<PostCard post={post} language="kor" onMemo={onMemo} onSendAction={onSendAction} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Memo' }));
    expect(onMemo).toHaveBeenCalledWith(post);
    for (const action of ['Send Email', 'Simple', 'Specify', 'Select Models', 'Quick Message']) {
      await userEvent.click(screen.getByRole('button', { name: action }));
      expect(onSendAction).toHaveBeenLastCalledWith(action, post);
    }
    rerender(<PostCard post={{ ...post, memo: '메모' }} language="kor" onMemo={onMemo} onSendAction={onSendAction} />);
    expect(screen.getByRole('button', { name: 'Update Memo' })).toBeTruthy();
  });

  it('the heart marks the post as a favourite', async () => {
    render(<PostCard post={post} language="kor" onMemo={vi.fn()} onSendAction={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Favourite' }));
    expect(setFavourite).toHaveBeenCalledWith('P-1', true);
  });

  it("says what came back to the post's last e-mail: Replied, or Bounced with the reason, and nothing otherwise", () => {
    const { rerender } = render(
      <PostCard
        post={{ ...post, lastEmailOutcome: { kind: 'replied', at: '2026-12-12T01:00:00.000Z', reason: null } }}
        language="kor"
        onMemo={vi.fn()}
        onSendAction={vi.fn()}
      />,
    );
    expect(screen.getByText('Replied')).toBeTruthy();
    const reason = 'The address does not exist (5.1.1): The email account that you tried to reach does not exist.';
    rerender(
      <PostCard
        post={{ ...post, lastEmailOutcome: { kind: 'bounced', at: '2026-12-12T01:00:00.000Z', reason } }}
        language="kor"
        onMemo={vi.fn()}
        onSendAction={vi.fn()}
      />,
    );
    expect(screen.getByText(`Bounced: ${reason}`)).toBeTruthy();
    expect(screen.queryByText('Replied')).toBeNull();
    rerender(<PostCard post={post} language="kor" onMemo={vi.fn()} onSendAction={vi.fn()} />);
    expect(screen.queryByText(/^Bounced|^Replied/)).toBeNull();
  });

  it('names the models selected for the post, and says nothing when there are none', () => {
    const models = [
      { id: 1, comcardNo: 'JC-1', nameEng: 'Emily Carter', nameKor: '에밀리' },
      { id: 2, comcardNo: 'JC-2', nameEng: null, nameKor: '김민준' },
    ] as Model[];
    const { rerender } = render(
      <PostCard post={post} language="kor" onMemo={vi.fn()} onSendAction={vi.fn()} selectedModels={models} />,
    );
    const list = screen.getByRole('list', { name: 'Selected models (2 models):' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Emily Carter', '김민준']);
    rerender(<PostCard post={post} language="kor" onMemo={vi.fn()} onSendAction={vi.fn()} selectedModels={[]} />);
    expect(screen.queryByText(/Selected models/)).toBeNull();
  });

  describe('a long description', () => {
    // jsdom lays nothing out: the clamped body says how tall its text is.
    const layout = (scrollHeight: number, clientHeight: number) => {
      vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
    };
    afterEach(() => vi.restoreAllMocks());

    it('is clamped with More, which expands it, and Less', async () => {
      layout(600, 144);
      render(<PostCard post={post} language="kor" onMemo={vi.fn()} onSendAction={vi.fn()} />);
      const body = screen.getByRole('region', { name: 'Description of 드라마 단역 모집' });
      expect(body.className).toContain('line-clamp-6');
      const more = screen.getByRole('button', { name: 'More' });
      expect(more.getAttribute('aria-expanded')).toBe('false');
      expect(more.getAttribute('aria-controls')).toBe(body.id);
      await userEvent.click(more);
      expect(body.className).not.toContain('line-clamp');
      expect(body.innerHTML).toBe('<p><strong>본문</strong> 내용</p>');
      await userEvent.click(screen.getByRole('button', { name: 'Less' }));
      expect(body.className).toContain('line-clamp-6');
    });

    it('offers no More when the text fits', () => {
      layout(100, 100);
      render(<PostCard post={post} language="kor" onMemo={vi.fn()} onSendAction={vi.fn()} />);
      expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    });
  });
});
