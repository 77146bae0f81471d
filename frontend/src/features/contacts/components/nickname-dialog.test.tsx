import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contactFixture } from './contact-fixture.ts';
import { NicknameDialog } from './nickname-dialog.tsx';

const contacts = [
  contactFixture(1, { contactName: '하나', kakaoTalk: '카톡하나', checklistConfirm: '불일치', check: true }),
  contactFixture(2, { contactName: '둘', kakaoTalk: '카톡둘', checklistConfirm: '불일치', check: true }),
];

describe('NicknameDialog', () => {
  it('speaks Korean in its errors too, whether it finds them or the server does', async () => {
    const onSave = vi.fn().mockResolvedValue({
      ok: false,
      message:
        'Please check the modified chat name. It is either empty or has the same name as your KakaoTalk chat name.',
      problems: { 2: 'The same name as the KakaoTalk chat name cannot be used' },
    });
    render(
      <NicknameDialog request={{ contacts, mode: 'new', canChooseMode: false }} onSave={onSave} onClose={vi.fn()} />,
    );
    const dialog = screen.getByRole('dialog', { name: '대화명 수정 (새 이름)' });

    await userEvent.type(within(dialog).getByRole('textbox', { name: '새 이름: 하나' }), '카톡하나');
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    expect(within(dialog).getByText('카카오톡 대화명과 같은 이름은 사용할 수 없습니다.')).toBeTruthy();
    expect(within(dialog).getByText('수정할 대화명을 입력해주세요.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '수정할 대화명을 확인해주세요. 비어 있거나 카카오톡 대화명과 같은 이름입니다.',
    );
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: '새 이름: 하나' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '새 이름: 하나' }), '새이름');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '새 이름: 둘' }), '새이름2');
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '수정할 대화명을 확인해주세요. 비어 있거나 카카오톡 대화명과 같은 이름입니다.',
    );
    expect(within(dialog).getByText('카카오톡 대화명과 같은 이름은 사용할 수 없습니다.')).toBeTruthy();
  });
});
