import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Delivery, DeliveryEvent, MessageSend } from '../api/messaging-types.ts';

const delivery: Delivery = {
  id: 7,
  phone: '01040000002',
  name: '배우',
  text: '안내',
  type: 'SMS',
  files: 0,
  status: 'failed',
  mid: '123',
  error: 'The number is not in service (결번)',
  updatedAt: '2026-11-25T01:05:00.000Z',
};
const path: DeliveryEvent[] = [
  {
    status: 'accepted',
    at: '2026-11-25T01:00:00.000Z',
    source: 'gateway',
    detail: 'Message id 123',
    gatewayState: null,
  },
  {
    status: 'failed',
    at: '2026-11-25T01:02:00.000Z',
    source: 'sms_list',
    detail: 'The number is not in service (결번)',
    gatewayState: '전송실패',
  },
];
const askedStatuses: (string | null)[] = [];
vi.mock('../api/message-sends.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useDeliveries: (_send: unknown, _page: number, _size: number, status: string | null = null) => (
    askedStatuses.push(status),
    {
      data: { data: [delivery], pagination: { page: 1, pageSize: 20, totalItems: 1, totalPages: 1 } },
      error: undefined,
    }
  ),
  useDeliveryEvents: (_send: number, id: number | null) => ({
    data: id === null ? undefined : { delivery, events: path },
    error: undefined,
  }),
}));
const { SendHistory } = await import('./send-history.tsx');

const send = (fields: Partial<MessageSend>): MessageSend => ({
  id: 1,
  channel: 'sms',
  state: 'completed',
  senderPhone: '01098765432',
  senderName: '사무실',
  advertising: false,
  scheduledAt: null,
  total: 2,
  excluded: [],
  counts: { queued: 0, sending: 0, sent: 0, delivered: 1, failed: 1, unknown: 0, cancelled: 0 },
  outcome: 'partly-failed',
  outcomeCounts: { delivered: 1, failed: 1, pending: 0, unknown: 0, cancelled: 0 },
  preview: '내일 오디션',
  createdBy: null,
  canCancel: false,
  error: null,
  createdAt: '2026-11-25T01:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  resendOf: null,
  resentAs: [],
  ...fields,
});

describe('the send history', () => {
  it('shows a finished send by what became of its messages, never Completed over a failure', () => {
    render(
      <SendHistory
        sends={[
          send({ id: 1 }),
          send({
            id: 2,
            counts: { queued: 0, sending: 0, sent: 2, delivered: 0, failed: 0, unknown: 0, cancelled: 0 },
            outcome: 'pending',
          }),
        ]}
      />,
    );
    const [, partly, awaiting] = screen.getAllByRole('row');
    expect(partly.textContent).toContain('Partly failed');
    expect(partly.textContent).toContain('Delivered 1 · Failed 1');
    expect(partly.textContent).not.toContain('Completed');
    expect(awaiting.textContent).toContain('Awaiting reports');
    expect(awaiting.textContent).toContain('Awaiting report 2');
  });

  it("opens a message's path from the keyboard: taken by the gateway, then failed with the carrier's reason", async () => {
    const user = userEvent.setup();
    render(<SendHistory sends={[send({})]} />);
    await user.click(screen.getByRole('button', { name: /^Details of the send/ }));
    screen.getByRole('button', { name: 'Path of the message to 010-4000-0002' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Path of the message to 010-4000-0002' });
    const steps = within(within(dialog).getByRole('list', { name: 'Path of the message' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Taken by the gateway2026-11-25 10:00from the gateway's answerMessage id 123$/),
      expect.stringMatching(
        /^Failed2026-11-25 10:02from SMS records \(sms_list\)The number is not in service \(결번\)Gateway state: 전송실패$/,
      ),
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists the messages of one status, such as the failed ones', async () => {
    const user = userEvent.setup();
    render(<SendHistory sends={[send({})]} />);
    await user.click(screen.getByRole('button', { name: /^Details of the send/ }));
    expect(askedStatuses.at(-1)).toBeNull();
    await user.click(screen.getByRole('button', { name: /Show/ }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    expect(askedStatuses.at(-1)).toBe('failed');
  });

  it('offers Resend failed with the count only where messages failed, KakaoTalk ones also as SMS, and shows the links between sends', async () => {
    const user = userEvent.setup();
    const onResend = vi.fn();
    render(
      <SendHistory
        sends={[
          send({ id: 3, channel: 'kakao', resentAs: [5] }),
          send({
            id: 4,
            outcome: 'delivered',
            outcomeCounts: { delivered: 2, failed: 0, pending: 0, unknown: 0, cancelled: 0 },
            resendOf: 1,
          }),
        ]}
        onResend={onResend}
      />,
    );
    const [, kakao, delivered] = screen.getAllByRole('row');
    expect(kakao.textContent).toContain('Resent as #5');
    expect(delivered.textContent).toContain('Resend of #1');
    expect(within(delivered).queryByRole('button', { name: /Resend/ })).toBeNull();
    await user.click(within(kakao).getByRole('button', { name: /^Resend failed \(1\) of the send/ }));
    expect(onResend).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3 }));
    await user.click(within(kakao).getByRole('button', { name: /^As SMS: resend failed \(1\)/ }));
    expect(onResend).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3 }), 'sms');
    expect(within(kakao).getByRole('button', { name: /^Resend failed \(1\) of the send/ }).textContent).toBe(
      'Resend failed (1)',
    );
  });
});
