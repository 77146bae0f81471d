// How the deliveries of a send are cut into gateway calls. The gateway takes one message type and one set of
// pictures per call; `send` carries one text to up to 1,000 receivers, `send_mass` up to 500 texts of their own.
import type { MessageType } from '@job-casting/rules';

export const SEND_MAX_RECEIVERS = 1000;
export const SEND_MASS_MAX_MESSAGES = 500;
/** KakaoTalk's friend-talk call takes receiver_1 to receiver_500. */
export const KAKAO_MAX_MESSAGES = 500;

/** What decides a message's call: its text, type and pictures. */
export interface BatchedMessage {
  text: string;
  type: MessageType;
  files: readonly string[];
}

export type GatewayEndpoint = 'send' | 'send_mass' | 'kakao';

export interface GatewayBatch<M extends BatchedMessage = BatchedMessage> {
  /** `send` when every message of the call has the same text, `send_mass` otherwise; `kakao` for KakaoTalk. */
  endpoint: GatewayEndpoint;
  type: MessageType;
  files: readonly string[];
  messages: M[];
}

/** The gateway calls for text messages, in the order of the messages' first appearance. */
export function smsBatches<M extends BatchedMessage>(messages: readonly M[]): GatewayBatch<M>[] {
  const batches: GatewayBatch<M>[] = [];
  for (const group of groupsOfTypeAndFiles(messages)) {
    const sameText = group.every((message) => message.text === group[0].text);
    const endpoint = sameText ? 'send' : 'send_mass';
    const size = sameText ? SEND_MAX_RECEIVERS : SEND_MASS_MAX_MESSAGES;
    for (let start = 0; start < group.length; start += size) {
      batches.push({
        endpoint,
        type: group[0].type,
        files: group[0].files,
        messages: group.slice(start, start + size),
      });
    }
  }
  return batches;
}

/** The gateway calls for KakaoTalk: one picture set per call, up to 500 receivers each. */
export function kakaoBatches<M extends BatchedMessage>(messages: readonly M[]): GatewayBatch<M>[] {
  const batches: GatewayBatch<M>[] = [];
  for (const group of groupsOfTypeAndFiles(messages)) {
    for (let start = 0; start < group.length; start += KAKAO_MAX_MESSAGES) {
      batches.push({
        endpoint: 'kakao',
        type: group[0].type,
        files: group[0].files,
        messages: group.slice(start, start + KAKAO_MAX_MESSAGES),
      });
    }
  }
  return batches;
}

function groupsOfTypeAndFiles<M extends BatchedMessage>(messages: readonly M[]): M[][] {
  const groups = new Map<string, M[]>();
  for (const message of messages) {
    const key = `${message.type}\n${message.files.join('\n')}`;
    const group = groups.get(key);
    if (group) group.push(message);
    else groups.set(key, [message]);
  }
  return [...groups.values()];
}
