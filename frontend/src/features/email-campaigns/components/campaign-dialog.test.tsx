import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CampaignReview } from '../api/email-campaigns.ts';

const review: CampaignReview = {
  recipients: [
    {
      postId: 'P-1',
      postTitle: '광고 모델',
      recipient: 'ad@studio.example',
      subject: '[JOB CASTING] P-1 프로필',
      modelCount: 2,
    },
    {
      postId: 'P-2',
      postTitle: '뮤직비디오',
      recipient: 'mv@label.example',
      subject: '[JOB CASTING] P-2 프로필',
      modelCount: 1,
    },
  ],
  leftOut: [{ postId: 'P-3', postTitle: '드라마 단역', reason: 'No models selected' }],
  quota: { dailyLimit: 500, sentLast24h: 499, remainingToday: 1 },
  exceedsToday: true,
  spread: [
    { day: '2026-12-01', count: 1 },
    { day: '2026-12-02', count: 1 },
  ],
};
const reviewCampaign = vi.fn(async () => review);
const previewCampaignEmail = vi.fn(async ({ postId }: { postId: string }) => ({
  postId,
  recipient: `${postId}@x`,
  subject: `Subject ${postId}`,
  html: `<p>Body ${postId}</p>`,
  text: '',
}));
const createCampaign = vi.fn(async () => ({ id: 41 }));
vi.mock('../api/email-campaigns.ts', () => ({
  reviewCampaign: (...args: unknown[]) => reviewCampaign(...(args as [])),
  previewCampaignEmail: (body: { postId: string }) => previewCampaignEmail(body),
  createCampaign: (...args: unknown[]) => createCampaign(...(args as [])),
}));
vi.mock('../../email-templates/api/email-templates.ts', () => ({
  useEmailTemplates: () => ({
    data: [
      {
        id: 5,
        title: '프로필 안내',
        subject: '[JOB CASTING] {{postId}} 프로필',
        template: '안녕하세요',
        isDefault: true,
      },
    ],
    isLoading: false,
  }),
}));
const sendTestEmail = vi.fn(async () => ({
  success: true,
  message: 'Test e-mail sent to me@agency.example.',
  to: 'me@agency.example',
}));
vi.mock('../../posts/api/send-email.ts', () => ({
  sendTestEmail: (...args: unknown[]) => sendTestEmail(...(args as [])),
}));
const { CampaignDialog, koreanInstant } = await import('./campaign-dialog.tsx');

const picks = ['P-1', 'P-2', 'P-3'].map((postId) => ({ postId, title: postId }));

describe('CampaignDialog', () => {
  it('reviews the picked posts, previews one e-mail, sends a test, and starts the campaign spread over the quota', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    render(
      <CampaignDialog
        isOpen
        picks={picks}
        account={{ id: 3, email: 'casting@agency.example' }}
        onClose={vi.fn()}
        onCreated={onCreated}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'E-mail Campaign' });
    expect(within(dialog).getByRole('button', { name: 'Review' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: /Template/ }));
    await user.click(screen.getByRole('option', { name: '프로필 안내 (default)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(reviewCampaign).toHaveBeenCalledWith({ postIds: ['P-1', 'P-2', 'P-3'], templateId: 5, accountId: 3 });

    const section = await within(dialog).findByRole('region', { name: 'Review' });
    expect(section.textContent).toContain('2 e-mails to send · 1 post left out');
    expect(section.textContent).toContain('1 of 500 left for the next 24 hours');
    expect(within(section).getByRole('region', { name: 'Left out' }).textContent).toContain(
      '드라마 단역: No models selected',
    );
    // The first recipient's e-mail is previewed at once; another on request.
    expect(await within(section).findByText('Subject P-1')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Preview the e-mail to mv@label.example' }));
    expect(await within(section).findByText('Subject P-2')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Send Test to Me' }));
    expect(sendTestEmail).toHaveBeenCalledWith({
      postId: 'P-2',
      accountId: 3,
      subject: '[JOB CASTING] {{postId}} 프로필',
      content: '안녕하세요',
    });
    expect(await within(dialog).findByText('Test e-mail sent to me@agency.example.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Send 2 e-mails' }));
    expect(createCampaign).toHaveBeenCalledWith(
      { postIds: ['P-1', 'P-2', 'P-3'], templateId: 5, accountId: 3, overQuota: 'spread' },
      expect.any(String),
    );
    expect(onCreated).toHaveBeenCalledWith({ id: 41 });
  });

  it('adds up to two follow-ups, each with its wait and template, and asks for a missing template', async () => {
    const user = userEvent.setup();
    createCampaign.mockClear();
    render(
      <CampaignDialog
        isOpen
        picks={picks}
        account={{ id: 3, email: 'casting@agency.example' }}
        onClose={vi.fn()}
        onCreated={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'E-mail Campaign' });
    await user.click(within(dialog).getByRole('button', { name: /Template/ }));
    await user.click(screen.getByRole('option', { name: '프로필 안내 (default)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    const followUps = await within(dialog).findByRole('region', { name: 'Follow-ups' });

    await user.click(within(followUps).getByRole('button', { name: 'Add Follow-up' }));
    await user.click(within(followUps).getByRole('button', { name: 'Add Follow-up' }));
    expect(within(followUps).queryByRole('button', { name: 'Add Follow-up' })).toBeNull();
    // Only the last one can be removed: a second follow-up follows the first.
    expect(within(followUps).queryByRole('button', { name: 'Remove First Follow-up' })).toBeNull();
    await user.click(within(followUps).getByRole('button', { name: 'Remove Second Follow-up' }));
    await user.click(within(followUps).getByRole('button', { name: 'Add Follow-up' }));

    await user.click(within(dialog).getByRole('button', { name: 'Send 2 e-mails' }));
    expect(await within(dialog).findByText('Please choose the template of each follow-up.')).toBeTruthy();
    expect(createCampaign).not.toHaveBeenCalled();

    await user.click(within(followUps).getByRole('button', { name: /First follow-up after/ }));
    await user.click(screen.getByRole('option', { name: '5 days' }));
    for (const ordinal of ['First', 'Second']) {
      await user.click(within(followUps).getByRole('button', { name: new RegExp(`${ordinal} follow-up template`) }));
      await user.click(screen.getByRole('option', { name: '프로필 안내' }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Send 2 e-mails' }));
    expect(createCampaign).toHaveBeenCalledWith(
      {
        postIds: ['P-1', 'P-2', 'P-3'],
        templateId: 5,
        accountId: 3,
        overQuota: 'spread',
        followUps: [
          { afterDays: 5, templateId: 5 },
          { afterDays: 3, templateId: 5 },
        ],
      },
      expect.any(String),
    );
  });

  it('reads a chosen day and time as Korean time', () => {
    expect(koreanInstant('2026-12-01T09:30')).toBe('2026-12-01T09:30:00+09:00');
    expect(koreanInstant('2026-12-01T09:30:15')).toBe('2026-12-01T09:30:15+09:00');
    expect(koreanInstant('2026-12-01')).toBeNull();
    expect(koreanInstant('2026-12-01T09:30:1')).toBeNull();
  });
});
