import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import type { Post } from '../api/use-dashboard-posts.ts';

const OPTED_OUT = 'casting@agency.example has opted out of e-mails (수신거부): this e-mail cannot be sent to it.';
const sendDefaultEmail = vi.fn(async () => {
  throw new ApiError(400, {
    statusCode: 400,
    error: 'Bad Request',
    message: OPTED_OUT,
    details: { validation: [{ path: 'recipient', message: OPTED_OUT }] },
  });
});
const sendTestEmail = vi.fn(async () => ({
  success: true,
  message: 'Test e-mail sent to staff@agency.example.',
  to: 'staff@agency.example',
}));
vi.mock('../api/send-email.ts', () => ({
  sendDefaultEmail: (...args: unknown[]) => sendDefaultEmail(...(args as [])),
  sendSpecifiedEmail: vi.fn(),
  sendTestEmail: (...args: unknown[]) => sendTestEmail(...(args as [])),
}));
const template = { id: 1, title: '기본 안내', subject: '프로필 전달', template: '안녕하세요', isDefault: true };
let unshared: { model: string; field: string; link: string; sharing: string }[] = [];
const sharingAsked = vi.fn();
vi.mock('../../email-templates/api/email-templates.ts', () => ({
  useEmailTemplates: () => ({ data: [template], isLoading: false, error: undefined }),
  useEmailPreview: () => ({ data: undefined, isLoading: false, error: undefined }),
  useComcardSharing: (postId: string, accountId: number | null) => {
    sharingAsked(postId, accountId);
    return { data: accountId === null ? undefined : unshared };
  },
}));
vi.mock('../../models/api/models.ts', () => ({
  useSelectedModels: () => ({ data: [], isLoading: false }),
  deselectModel: vi.fn(),
}));
const toastError = vi.fn();
vi.mock('../../../lib/toast.tsx', () => ({
  toast: { success: vi.fn(), error: (message: string) => toastError(message) },
}));
const { SendEmailDialog } = await import('./send-email-dialog.tsx');

const post = {
  postId: 'P-7',
  isFavorite: false,
  memo: null,
  isEmailSent: false,
  data: { postTitle: '광고 촬영', customerEmail: 'casting@agency.example' },
} as Post;

/** The text a field's aria-describedby points at: what a screen reader says beside it. */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('SendEmailDialog', () => {
  it('shows the refusal of an opted-out address beside the address, not as a failed send, until the address changes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<SendEmailDialog post={post} mode="simple" accountId={3} onClose={onClose} onSelectModels={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Send Quick Email' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(OPTED_OUT));
    const address = within(dialog).getByRole('textbox', { name: /Customer Email/ });
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(address)).toBe(OPTED_OUT);
    expect(within(dialog).queryByText(/Failed to send email/)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(address);
    await user.type(address, 'other@agency.example');
    expect(address.getAttribute('aria-invalid')).toBeNull();
    expect(within(dialog).queryByText(OPTED_OUT)).toBeNull();
  });

  it('names the Drive files a customer could not open, as the sending account sees them, before anything is sent', () => {
    unshared = [
      {
        model: '김민준',
        field: 'download',
        link: 'https://drive.google.com/uc?export=download&id=1AbCdEfGhIjKlMnOp',
        sharing: 'restricted',
      },
      {
        model: '이서연',
        field: 'htmlUrl',
        link: 'https://drive.google.com/open?id=1QrStUvWxYz012345',
        sharing: 'unknown',
      },
    ];
    render(<SendEmailDialog post={post} mode="simple" accountId={3} onClose={vi.fn()} onSelectModels={vi.fn()} />);
    expect(sharingAsked).toHaveBeenLastCalledWith('P-7', 3);
    const note = within(screen.getByRole('dialog', { name: 'Send Quick Email' }))
      .getByText('Customers may not open these Drive files from the e-mail:')
      .closest('[role="status"]') as HTMLElement;
    expect(note.textContent).toContain('share each with “Anyone with the link”');
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '김민준 · Download (shared with people only)',
      '이서연 · Profile (this account cannot see who it is shared with)',
    ]);
    unshared = [];
  });

  it('sends a test copy to the staff member first, says where it went, and sends nothing to the customer', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    sendDefaultEmail.mockClear();
    render(<SendEmailDialog post={post} mode="simple" accountId={3} onClose={onClose} onSelectModels={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Send Quick Email' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Test to Me' }));
    expect(sendTestEmail).toHaveBeenCalledWith({ postId: 'P-7', accountId: 3 });
    expect(await within(dialog).findByText('Test e-mail sent to staff@agency.example.')).toBeTruthy();
    expect(sendDefaultEmail).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
