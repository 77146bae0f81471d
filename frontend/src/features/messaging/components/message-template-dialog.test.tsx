import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import type { UpdateMessageTemplate } from '../api/message-templates.ts';
import type { MessageTemplate } from '../api/messaging-types.ts';

const template = (fields: Partial<MessageTemplate> = {}): MessageTemplate => ({
  id: 'tpl-1',
  title: '오디션 안내',
  message: '내일 오디션입니다.',
  fileType: '묶음',
  files: [],
  attachments: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...fields,
});

let listed: MessageTemplate[] = [];
const updateMessageTemplate = vi.fn<(id: string, body: UpdateMessageTemplate) => Promise<unknown>>();
const deleteMessageTemplate = vi.fn<(id: string) => Promise<unknown>>();
vi.mock('../api/message-templates.ts', () => ({
  useMessageTemplates: () => ({ data: listed, error: undefined }),
  createMessageTemplate: vi.fn(),
  deleteMessageTemplate: (id: string) => deleteMessageTemplate(id),
  updateMessageTemplate: (id: string, body: UpdateMessageTemplate) => updateMessageTemplate(id, body),
}));
const toastSuccess = vi.fn();
const toastError = vi.fn();
vi.mock('../../../lib/toast.tsx', () => ({
  toast: { success: (message: string) => toastSuccess(message), error: (message: string) => toastError(message) },
}));

const { MessageTemplateDialog } = await import('./message-template-dialog.tsx');

beforeEach(() => {
  listed = [template()];
  updateMessageTemplate.mockReset();
  deleteMessageTemplate.mockReset().mockResolvedValue(undefined);
});

describe('the Template dialog', () => {
  it('shows a blank title or message under its field, not in a toast, and clears it as the field is filled', async () => {
    listed = [];
    toastError.mockReset();
    const user = userEvent.setup();
    render(<MessageTemplateDialog isOpen onOpenChange={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Registration' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(title.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe(
      '템플릿 제목을 입력해주세요.',
    );
    expect(screen.getByText('메시지 내용을 입력해주세요.')).toBeTruthy();
    expect(toastError).not.toHaveBeenCalled();

    await user.type(title, '오디션 안내');
    expect(title.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('템플릿 제목을 입력해주세요.')).toBeNull();
    expect(message.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps an update refused because someone else saved the template meanwhile, shows theirs, and re-applies the edit on it', async () => {
    // Another staff member changed the message after this dialog listed the template.
    const theirs = template({ message: '모레 오디션입니다.', version: 2 });
    updateMessageTemplate
      .mockRejectedValueOnce(
        new ApiError(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'The template was changed by someone else meanwhile (message).',
          details: { conflictingFields: ['message'], current: theirs },
        }),
      )
      .mockResolvedValueOnce({ template: { ...theirs, title: '오디션 안내 (수정)', version: 3 } });
    const user = userEvent.setup();
    render(<MessageTemplateDialog isOpen onOpenChange={vi.fn()} />);

    await user.click(screen.getByRole('row', { name: /오디션 안내/ }));
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    await user.clear(title);
    await user.type(title, '오디션 안내 (수정)');
    await user.click(screen.getByRole('button', { name: 'Correction' }));

    const notice = await screen.findByRole('region', {
      name: 'Someone else saved this template while you were editing.',
    });
    expect(within(notice).getByText('Changed: Message. The form shows the template saved now.')).toBeTruthy();
    expect(toastError).toHaveBeenCalledWith('The template was changed by someone else meanwhile (message).');
    expect(title.value).toBe('오디션 안내');
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('모레 오디션입니다.');
    expect(within(notice).getByRole('row', { name: 'Title 오디션 안내 오디션 안내 (수정)' })).toBeTruthy();

    await user.click(within(notice).getByRole('button', { name: 'Re-apply my edit' }));
    expect(updateMessageTemplate.mock.calls.map(([, body]) => body)).toEqual([
      { title: '오디션 안내 (수정)', message: '내일 오디션입니다.', fileType: '묶음', files: [], version: 1 },
      { title: '오디션 안내 (수정)', message: '모레 오디션입니다.', fileType: '묶음', files: [], version: 2 },
    ]);
    expect(toastSuccess).toHaveBeenCalledWith('템플릿이 수정되었습니다.');
    expect(
      screen.queryByRole('region', { name: 'Someone else saved this template while you were editing.' }),
    ).toBeNull();
  });

  it('deletes a template only after a confirmation that names it: Cancel keeps it', async () => {
    const user = userEvent.setup();
    render(<MessageTemplateDialog isOpen onOpenChange={vi.fn()} />);
    await user.click(screen.getByRole('row', { name: /오디션 안내/ }));
    await user.click(screen.getByRole('button', { name: 'Delete Template' }));

    const confirmation = screen.getByRole('alertdialog', { name: 'Delete Template' });
    expect(within(confirmation).getByText("Delete the template '오디션 안내'?")).toBeTruthy();
    await user.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deleteMessageTemplate).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('오디션 안내');

    await user.click(screen.getByRole('button', { name: 'Delete Template' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Template' })).getByRole('button', { name: 'Delete' }),
    );
    expect(deleteMessageTemplate).toHaveBeenCalledWith('tpl-1');
    expect(toastSuccess).toHaveBeenCalledWith('템플릿이 삭제되었습니다.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('has one save button, Registration or Correction, and Add New Template leaves the selection for a blank form', async () => {
    const user = userEvent.setup();
    render(<MessageTemplateDialog isOpen onOpenChange={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Update Template' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Registration' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add New Template' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Choose files' }).textContent).toBe('Choose');

    await user.click(screen.getByRole('row', { name: /오디션 안내/ }));
    expect(screen.getByRole('button', { name: 'Correction' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add New Template' }));
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Registration' })).toBeTruthy();
  });
});
