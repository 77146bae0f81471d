import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Model } from '../../models/index.ts';
import type { Post } from '../api/use-dashboard-posts.ts';

vi.mock('../api/update-post.ts', () => ({ setFavourite: vi.fn(async () => ({})) }));
const { PostListView } = await import('./post-list-view.tsx');

const post = (postId: string, fields: Partial<Post> = {}, data: Partial<Post['data']> = {}): Post =>
  ({
    postId,
    isFavorite: false,
    memo: null,
    isEmailSent: false,
    lastEmailOutcome: null,
    ...fields,
    data: {
      postTitle: `공고 ${postId}`,
      titleOfTheWork: '봄날',
      recruitmentGender: '여자',
      appearanceFee: '150,000원',
      recruitmentDeadline: '12월 1일',
      postDate: '2026-11-28T15:00:00.000Z',
      body: '<p>본문</p>',
      ...data,
    },
  }) as Post;

const posts = [post('P-1', { isFavorite: true, memo: '다시 연락', isEmailSent: true }), post('P-2'), post('P-3')];
const selections = new Map<string, Model[]>([
  ['P-1', [{ id: 1, comcardNo: 'JC-1', nameEng: 'Emily Carter', nameKor: null } as Model]],
]);

function renderList() {
  return render(
    <PostListView posts={posts} language="kor" selections={selections} onMemo={vi.fn()} onSendAction={vi.fn()} />,
  );
}

const rowOf = (title: string) => screen.getByRole('row', { name: new RegExp(title) });

describe('PostListView', () => {
  it('shows one row per post with its fields and flags', () => {
    renderList();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    const cells = within(rowOf('공고 P-1'))
      .getAllByRole('gridcell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['♥FavouriteMemoSent1 model', '봄날', '여자', '150,000원', '12월 1일', '2026-11-29']);
    expect(within(rowOf('공고 P-1')).getByText('Memo').getAttribute('title')).toBe('다시 연락');
    expect(within(rowOf('공고 P-1')).getByText('1 model').getAttribute('title')).toBe('Emily Carter');
    expect(within(rowOf('공고 P-2')).getAllByRole('gridcell')[0]!.textContent).toBe('');
  });

  it('flags a reply or a bounce of the last e-mail, the bounce with its reason', () => {
    const reason = 'The mailbox is full (5.2.2): Over quota';
    const outcomes = [
      post('P-1', {
        isEmailSent: true,
        lastEmailOutcome: { kind: 'replied', at: '2026-12-12T01:00:00.000Z', reason: null },
      }),
      post('P-2', { isEmailSent: true, lastEmailOutcome: { kind: 'bounced', at: '2026-12-12T01:00:00.000Z', reason } }),
    ];
    render(
      <PostListView posts={outcomes} language="kor" selections={new Map()} onMemo={vi.fn()} onSendAction={vi.fn()} />,
    );
    expect(within(rowOf('공고 P-1')).getAllByRole('gridcell')[0]!.textContent).toBe('SentReplied');
    expect(within(rowOf('공고 P-2')).getAllByRole('gridcell')[0]!.textContent).toBe(`SentBounced: ${reason}`);
    expect(within(rowOf('공고 P-2')).getByText('Bounced').getAttribute('title')).toBe(`Bounced: ${reason}`);
  });

  it('counts the models again when the selection changes', () => {
    const { rerender } = renderList();
    const emily = selections.get('P-1')!;
    rerender(
      <PostListView
        posts={posts}
        language="kor"
        selections={new Map([['P-1', [...emily, { ...emily[0]!, id: 2, comcardNo: 'JC-2' }]]])}
        onMemo={vi.fn()}
        onSendAction={vi.fn()}
      />,
    );
    expect(within(rowOf('공고 P-1')).getAllByRole('gridcell')[0]!.textContent).toContain('2 models');
  });

  it('opens a clicked row in the side panel, highlights it, and closes with Close or Esc', async () => {
    renderList();
    expect(screen.queryByRole('complementary', { name: 'Selected post' })).toBeNull();
    await userEvent.click(screen.getByText('공고 P-2'));
    const panel = screen.getByRole('complementary', { name: 'Selected post' });
    expect(within(panel).getByRole('heading', { name: '공고 P-2' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Send Email' })).toBeTruthy();
    expect(rowOf('공고 P-2').getAttribute('aria-selected')).toBe('true');

    // Another row replaces the post in the panel.
    await userEvent.click(screen.getByText('공고 P-1'));
    expect(
      within(screen.getByRole('complementary', { name: 'Selected post' })).getByRole('heading', { name: '공고 P-1' }),
    ).toBeTruthy();
    expect(within(screen.getByRole('complementary')).getByRole('list', { name: /Selected models/ }).textContent).toBe(
      'Emily Carter',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Close post details' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(rowOf('공고 P-1').getAttribute('aria-selected')).toBe('false');
    // The focus goes back to the row that was open.
    expect(rowOf('공고 P-1').contains(document.activeElement)).toBe(true);

    await userEvent.click(screen.getByText('공고 P-3'));
    await userEvent.click(within(screen.getByRole('complementary')).getByRole('button', { name: 'Favourite' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('opens the focused row with Enter and with Space', async () => {
    renderList();
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement?.textContent).toContain('공고 P-1');
    await userEvent.keyboard('{Enter}');
    expect(within(screen.getByRole('complementary')).getByRole('heading', { name: '공고 P-1' })).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}{ }');
    expect(within(screen.getByRole('complementary')).getByRole('heading', { name: '공고 P-2' })).toBeTruthy();
  });
});
