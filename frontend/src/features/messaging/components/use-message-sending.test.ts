import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SendPreview } from '../api/message-sends.ts';
import type { MessageSend } from '../api/messaging-types.ts';

let answerCreate: (send: MessageSend) => void = () => {};
const createMessageSend = vi.fn(() => new Promise<MessageSend>((resolve) => (answerCreate = resolve)));
const fetchMessageSend = vi.fn();
const previewMessageSend = vi.fn<(body: unknown) => Promise<SendPreview>>();
vi.mock('../api/message-sends.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  createMessageSend: (...args: unknown[]) => createMessageSend(...(args as [])),
  fetchMessageSend: (...args: unknown[]) => fetchMessageSend(...(args as [])),
  previewMessageSend: (body: unknown) => previewMessageSend(body),
}));
const toastSuccess = vi.fn();
const toastError = vi.fn();
vi.mock('../../../lib/toast.tsx', () => ({
  toast: { success: (message: string) => toastSuccess(message), error: (message: string) => toastError(message) },
}));
const { useMessageSending } = await import('./use-message-sending.ts');

const COUNTS = { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0, unknown: 0, cancelled: 0 };
const finished = (channel: MessageSend['channel']): MessageSend => ({
  id: 1,
  channel,
  state: 'completed',
  senderPhone: '01098765432',
  senderName: '사무실',
  advertising: false,
  scheduledAt: null,
  total: 2,
  excluded: [],
  counts: { ...COUNTS, sent: 2 },
  outcome: 'pending',
  outcomeCounts: { delivered: 0, failed: 0, pending: 2, unknown: 0, cancelled: 0 },
  preview: '',
  createdBy: null,
  canCancel: false,
  error: null,
  createdAt: '2026-11-25T01:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  resendOf: null,
  resentAs: [],
});
const request = (channel: MessageSend['channel']) => ({
  channel,
  recipients: [
    { phone: '01011112222', text: '안내' },
    { phone: '01033334444', text: '안내' },
  ],
});

describe('useMessageSending', () => {
  it('shows step [1/4] while the messages are handed to the server', async () => {
    const { result } = renderHook(() => useMessageSending());
    let sending!: Promise<void>;
    act(() => void (sending = result.current.send(request('sms'))));
    await vi.waitFor(() => expect(createMessageSend).toHaveBeenCalled());
    expect(result.current.progress).toEqual({ step: 1, message: 'Handing 2 messages to the server…' });
    await act(async () => {
      answerCreate(finished('sms'));
      await sending;
    });
    expect(toastError).not.toHaveBeenCalled();
    expect(result.current.progress).toBeNull();
    expect(toastSuccess).toHaveBeenCalledWith('SMS sent successfully!');
  });

  it('does not say SMS of a KakaoTalk send', async () => {
    const { result } = renderHook(() => useMessageSending());
    let sending!: Promise<void>;
    act(() => void (sending = result.current.send(request('kakao'))));
    await vi.waitFor(() => expect(createMessageSend).toHaveBeenCalled());
    await act(async () => {
      answerCreate(finished('kakao'));
      await sending;
    });
    expect(toastSuccess).toHaveBeenCalledWith('KakaoTalk messages sent successfully!');
    expect(toastSuccess).not.toHaveBeenCalledWith('SMS sent successfully!');
    expect(result.current.outcome).toEqual({
      sendId: 1,
      channel: 'kakao',
      failed: 0,
      success: 2,
      failure: 0,
      badge: { label: 'Awaiting reports', tone: 'progress' },
      message:
        'Sending completed. The gateway took 2 messages; whether each arrives shows on the results page as the delivery reports come in.',
    });
  });
});

describe('the review before a send', () => {
  const reviewed = (fields: Partial<SendPreview> = {}) =>
    ({
      channel: 'sms',
      advertising: true,
      total: 2,
      people: 2,
      refusal: null,
      messages: [],
      texts: [],
      excluded: [],
      ...fields,
    }) as unknown as SendPreview;

  it('sends the reviewed request with the key made for its review, once however often Send is pressed', async () => {
    createMessageSend.mockClear();
    previewMessageSend.mockResolvedValue(reviewed());
    const { result } = renderHook(() => useMessageSending());
    const body = { ...request('sms'), advertising: true };
    await act(() => result.current.review(body));
    expect(previewMessageSend).toHaveBeenCalledWith(body);
    expect(result.current.reviewing?.preview?.total).toBe(2);
    act(() => {
      result.current.confirm();
      result.current.confirm();
    });
    await vi.waitFor(() => expect(createMessageSend).toHaveBeenCalled());
    expect(result.current.reviewing).toBeNull();
    expect(createMessageSend).toHaveBeenCalledTimes(1);
    const [sentBody, key] = createMessageSend.mock.calls[0] as unknown as [unknown, string];
    expect(sentBody).toBe(body);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    await act(async () => answerCreate(finished('sms')));
    expect(createMessageSend).toHaveBeenCalledTimes(1);
  });

  it('keeps the key when the same request is reviewed again after a failed send, and never sends what the server refuses', async () => {
    createMessageSend.mockClear();
    previewMessageSend.mockResolvedValue(reviewed());
    const { result } = renderHook(() => useMessageSending());
    const body = request('sms');
    const sendOnce = async () => {
      await act(() => result.current.review(body));
      act(() => result.current.confirm());
      await vi.waitFor(() => expect(result.current.progress).toBeNull());
    };
    // The answer is lost: the staff member reviews and sends again, under the same key, so the server sends once.
    createMessageSend.mockImplementationOnce(() => Promise.reject(new TypeError('fetch failed')));
    await sendOnce();
    createMessageSend.mockImplementationOnce(() => Promise.reject(new TypeError('fetch failed')));
    await sendOnce();
    const keys = (createMessageSend.mock.calls as unknown as [unknown, string][]).map(([, key]) => key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    createMessageSend.mockClear();
    previewMessageSend.mockResolvedValue(
      reviewed({ refusal: 'Advertising messages cannot be sent between 21:00 and 08:00 (Korean time).' }),
    );
    await act(() => result.current.review({ ...body, advertising: true }));
    act(() => result.current.confirm());
    expect(createMessageSend).not.toHaveBeenCalled();
    expect(result.current.reviewing?.preview?.refusal).toMatch(/^Advertising messages/);
  });
});
