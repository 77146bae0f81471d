import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Post } from '../api/use-dashboard-posts.ts';

const saveMemo = vi.fn(async () => {
  throw new Error('Network down');
});
vi.mock('../api/update-post.ts', () => ({ saveMemo: (...args: unknown[]) => saveMemo(...(args as [])) }));
const { MemoDialog } = await import('./memo-dialog.tsx');

const post = {
  postId: 'P-1',
  isFavorite: false,
  memo: null,
  isEmailSent: false,
  data: { postTitle: '드라마 단역 모집' },
} as Post;

describe('MemoDialog', () => {
  it("says the spec's failure, with its period, in the dialog when the memo cannot be saved", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<MemoDialog post={post} onClose={onClose} />);
    await user.type(screen.getByLabelText('Memo'), '통화 완료');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog').querySelector('[role="alert"]')?.textContent).toBe('Failed to update memo.'),
    );
    expect(saveMemo).toHaveBeenCalledWith('P-1', '통화 완료');
    expect(onClose).not.toHaveBeenCalled();
  });
});
