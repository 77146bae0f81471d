import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SendPreview } from '../api/message-sends.ts';
import { SendReviewDialog } from './send-review-dialog.tsx';

const AD = '(광고)잡캐스팅 12월 오디션 모집\n무료수신거부 080-123-4567';
const preview = (fields: Partial<SendPreview> = {}): SendPreview => ({
  channel: 'sms',
  advertising: true,
  senderPhone: '01098765432',
  senderName: '잡캐스팅',
  scheduledAt: null,
  people: 2,
  total: 2,
  texts: [{ text: AD, bytes: 57 }],
  messages: [
    { phone: '01032000001', name: '김민지', type: 'LMS', textIndex: 0, pictures: 0 },
    { phone: '01032000004', name: '이수민', type: 'LMS', textIndex: 0, pictures: 0 },
  ],
  excluded: [
    { phone: '01032000003', name: '박수신거부', reason: 'opted-out' },
    { phone: '01032000002', name: '최동의안함', reason: 'no-consent' },
    { phone: '02-555-0101', name: '사무실', reason: 'not-mobile' },
    { phone: '01032000001', name: '김민지', reason: 'duplicate' },
  ],
  counts: { SMS: 0, LMS: 2, MMS: 0, KAKAO: 0 },
  unitPrices: { SMS: 8.4, LMS: 25.9, MMS: 60, KAKAO: 13.2 },
  estimatedCost: 51.8,
  remaining: { SMS_CNT: 11904, LMS_CNT: 3861, MMS_CNT: 1666 },
  remainingProblem: null,
  remainingShort: false,
  refusal: null,
  ...fields,
});

const dialog = () => screen.getByRole('alertdialog', { name: 'Confirm Sender List' });

describe('SendReviewDialog', () => {
  it("shows the server's review: people, counts per type, cost, remaining counts, who is left out and why, and each final text", async () => {
    const onSend = vi.fn();
    render(<SendReviewDialog review={{ preview: preview(), error: null }} onClose={vi.fn()} onSend={onSend} />);
    const figures = within(dialog())
      .getAllByRole('definition')
      .map((figure) => figure.textContent);
    expect(figures).toEqual(['2', '2', '4', '₩51.8']);
    expect(within(dialog()).getByRole('region', { name: 'Messages by type' }).textContent).toContain('LMS 2 × ₩25.9');
    expect(within(dialog()).getByRole('region', { name: 'Remaining at the gateway' }).textContent).toBe(
      'Remaining at the gatewaySMS 11,904, LMS 3,861, MMS 1,666',
    );
    const leftOut = within(within(dialog()).getByRole('table', { name: 'Recipients left out' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(leftOut).toEqual([
      '010-3200-0003박수신거부Opted out (수신거부)',
      '010-3200-0002최동의안함No advertising consent',
      '02-555-0101사무실Not a mobile number',
      '010-3200-0001김민지Same message twice',
    ]);
    const messages = within(within(dialog()).getByRole('list', { name: 'Messages as they will arrive' })).getAllByRole(
      'listitem',
    );
    expect(messages).toHaveLength(2);
    expect(messages[0].textContent).toContain('김민지010-3200-0001LMS · 57 bytes');
    expect(messages[0].querySelector('p')?.textContent).toBe(AD);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('refuses to send what the server would refuse, and says why: the gateway has too little left', () => {
    const refusal =
      'The gateway account has too little left for this send: it needs 2 LMS, and the balance pays for 2 SMS, 0 LMS or 0 MMS. Top up the gateway account, then send.';
    render(
      <SendReviewDialog
        review={{
          preview: preview({ remaining: { SMS_CNT: 2, LMS_CNT: 0, MMS_CNT: 0 }, remainingShort: true, refusal }),
          error: null,
        }}
        onClose={vi.fn()}
        onSend={vi.fn()}
      />,
    );
    expect(within(dialog()).getByRole('alert').textContent).toBe(refusal);
    expect(within(dialog()).getByText('Not enough for this send.')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
  });

  it('waits for the review, shows why it failed, and never sends without one; Close closes', async () => {
    const onClose = vi.fn();
    const { rerender } = render(
      <SendReviewDialog review={{ preview: null, error: null }} onClose={onClose} onSend={vi.fn()} />,
    );
    expect(within(dialog()).getByRole('status').textContent).toContain('Reviewing the send…');
    expect(within(dialog()).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    rerender(
      <SendReviewDialog
        review={{
          preview: null,
          error: 'Recipient 1 (01011112222): The message has characters a text message cannot carry: 🎉',
        }}
        onClose={onClose}
        onSend={vi.fn()}
      />,
    );
    expect(within(dialog()).getByRole('alert').textContent).toContain('cannot carry: 🎉');
    expect(within(dialog()).getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a long send a page of 50 at a time, KakaoTalk with its fail-over type', async () => {
    const messages = Array.from({ length: 120 }, (_, i) => ({
      phone: `0103300${String(i).padStart(4, '0')}`,
      name: `배우 ${i}`,
      type: 'KAKAO' as const,
      failover: 'SMS' as const,
      textIndex: 0,
      pictures: 0,
    }));
    render(
      <SendReviewDialog
        review={{
          preview: preview({
            channel: 'kakao',
            advertising: false,
            excluded: [],
            people: 120,
            total: 120,
            messages,
            counts: { SMS: 0, LMS: 0, MMS: 0, KAKAO: 120 },
          }),
          error: null,
        }}
        onClose={vi.fn()}
        onSend={vi.fn()}
      />,
    );
    const list = () =>
      within(within(dialog()).getByRole('list', { name: 'Messages as they will arrive' })).getAllByRole('listitem');
    expect(list()).toHaveLength(50);
    expect(list()[0].textContent).toContain('KakaoTalk (SMS fail-over)');
    const pages = within(dialog()).getByRole('navigation', { name: 'Pages of the messages' });
    expect(pages.textContent).toContain('1–50 of 120');
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(list()).toHaveLength(20);
    expect(list()[0].textContent).toContain('배우 100');
    expect(within(dialog()).queryByRole('table', { name: 'Recipients left out' })).toBeNull();
  });
});
