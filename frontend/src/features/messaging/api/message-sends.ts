import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import type { Delivery, MessageSend } from './messaging-types.ts';

export type CreateMessageSend = Schemas['CreateMessageSendDto'];
export type SendPreview = Schemas['SendPreviewDto'];
export type SendState = MessageSend['state'];

/** A send in these states will change without anyone doing anything: its list is polled. */
export const OPEN_SEND_STATES: readonly SendState[] = ['queued', 'sending'];
export const FINISHED_SEND_STATES: readonly SendState[] = ['completed', 'failed', 'cancelled'];

const POLL_MS = 2000;
/** Delivery reports come over minutes to hours: a send waiting for them is looked at again now and then. */
const REPORT_POLL_MS = 30_000;

/** How often a list holding these sends is fetched again: quickly while one goes out, slowly while reports come. */
export function pollInterval(sends: readonly Pick<MessageSend, 'state' | 'outcome'>[] | undefined): number {
  if (sends?.some((send) => OPEN_SEND_STATES.includes(send.state))) return POLL_MS;
  return sends?.some((send) => send.outcome === 'pending' && send.state !== 'scheduled') ? REPORT_POLL_MS : 0;
}

/**
 * POST message-sends: 202 with the send recorded and queued (or scheduled). `idempotencyKey` names the one send the
 * user means: the same request again with it (a lost answer, a second press) sends nothing more.
 */
export async function createMessageSend(body: CreateMessageSend, idempotencyKey: string): Promise<MessageSend> {
  const send = unwrap(
    await api.POST('/backend/api/v1/message-sends', {
      body,
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );
  await revalidateSends();
  return send;
}

/**
 * POST message-sends/preview: the send as POST message-sends would make it from the same body (final texts, types,
 * who is left out and why, cost, the gateway's remaining counts, why it would be refused); nothing is recorded.
 */
export async function previewMessageSend(body: CreateMessageSend): Promise<SendPreview> {
  return unwrap(await api.POST('/backend/api/v1/message-sends/preview', { body }));
}

/** GET message-sends/{id}/resend: the body of a send of its failed messages (KakaoTalk ones as SMS when asked). */
export async function fetchResendBody(id: number, channel?: MessageSend['channel']): Promise<CreateMessageSend> {
  return unwrap(
    await api.GET('/backend/api/v1/message-sends/{id}/resend', {
      params: { path: { id }, query: channel ? { channel } : {} },
    }),
  );
}

export async function fetchMessageSend(id: number): Promise<MessageSend> {
  return unwrap(await api.GET('/backend/api/v1/message-sends/{id}', { params: { path: { id } } }));
}

/** POST message-sends/{id}/cancel; 409 once the send has started. */
export async function cancelMessageSend(id: number): Promise<MessageSend> {
  const send = unwrap(await api.POST('/backend/api/v1/message-sends/{id}/cancel', { params: { path: { id } } }));
  await revalidateSends();
  return send;
}

const revalidateSends = () =>
  mutate((key) => Array.isArray(key) && key[0] === 'messaging' && (key[1] === 'sends' || key[1] === 'deliveries'));

export interface SendsQuery {
  page: number;
  pageSize: number;
  /** YYYY-MM-DD, Korean days, inclusive. */
  from?: string;
  to?: string;
}

/** GET message-sends: newest first with each state's count; polled while one of them is still going out. */
export function useMessageSends(query: SendsQuery) {
  return useSWR(
    ['messaging', 'sends', query] as const,
    async ([, , { page, pageSize, from, to }]) =>
      unwrap(
        await api.GET('/backend/api/v1/message-sends', {
          params: { query: { page, pageSize, ...(from ? { from } : {}), ...(to ? { to } : {}) } },
        }),
      ),
    {
      keepPreviousData: true,
      refreshInterval: (list) => pollInterval(list?.data),
    },
  );
}

/** GET message-sends/{id}/deliveries[?status]: each recipient's phone, type, status and error; polled as its send is. */
export function useDeliveries(
  send: Pick<MessageSend, 'id' | 'state' | 'outcome'>,
  page: number,
  pageSize: number,
  status: Delivery['status'] | null = null,
) {
  return useSWR(
    ['messaging', 'deliveries', send.id, page, pageSize, status] as const,
    async ([, , id, currentPage, size, only]) =>
      unwrap(
        await api.GET('/backend/api/v1/message-sends/{id}/deliveries', {
          params: { path: { id }, query: { page: currentPage, pageSize: size, ...(only ? { status: only } : {}) } },
        }),
      ),
    { keepPreviousData: true, refreshInterval: pollInterval([send]) },
  );
}

/** GET message-sends/{id}/deliveries/{deliveryId}/events: one message's path, taken by the gateway and after. */
export function useDeliveryEvents(sendId: number, deliveryId: number | null) {
  return useSWR(
    deliveryId === null ? null : (['messaging', 'deliveries', sendId, 'events', deliveryId] as const),
    async ([, , id, , delivery]) =>
      unwrap(
        await api.GET('/backend/api/v1/message-sends/{id}/deliveries/{deliveryId}/events', {
          params: { path: { id, deliveryId: delivery } },
        }),
      ),
  );
}

/** GET aligo/remain: what the gateway account can still send, by type. */
export function useGatewayRemaining() {
  return useSWR(
    ['messaging', 'remaining'] as const,
    async () => unwrap(await api.GET('/backend/api/v1/aligo/remain')),
    { revalidateOnFocus: false },
  );
}
