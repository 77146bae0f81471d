// How the deliveries of a send are cut into gateway calls. The gateway takes one message type and one set of
// pictures per call; `send` carries one text to up to 1,000 receivers, `send_mass` up to 500 texts of their own.
import type { MessageType } from './message-bytes.js';

export const SEND_MAX_RECEIVERS = 1000;
export const SEND_MASS_MAX_MESSAGES = 500;
/** KakaoTalk's friend-talk call takes receiver_1 to receiver_500. */
export const KAKAO_MAX_MESSAGES = 500;

export interface OutgoingMessage {
  id: number;
  phone: string;
  name: string;
  text: string;
  type: MessageType;
  files: readonly string[];
}

export interface GatewayBatch {
  /** `send` when every message of the call has the same text, `send_mass` otherwise; `kakao` for KakaoTalk. */
  endpoint: 'send' | 'send_mass' | 'kakao';
  type: MessageType;
  files: readonly string[];
  messages: OutgoingMessage[];
}

/** The gateway calls for text messages, in the order of the messages' first appearance. */
export function smsBatches(messages: readonly OutgoingMessage[]): GatewayBatch[] {
  const batches: GatewayBatch[] = [];
  for (const group of groupsOfTypeAndFiles(messages)) {
    const sameText = group.every((message) => message.text === group[0].text);
    const endpoint = sameText ? 'send' : 'send_mass';
    const size = sameText ? SEND_MAX_RECEIVERS : SEND_MASS_MAX_MESSAGES;
    for (let start = 0; start < group.length; start += size) {
      batches.push({ endpoint, type: group[0].type, files: group[0].files, messages: group.slice(start, start + size) });
    }
  }
  return batches;
}

/** The gateway calls for KakaoTalk: one picture set per call, up to 500 receivers each. */
export function kakaoBatches(messages: readonly OutgoingMessage[]): GatewayBatch[] {
  const batches: GatewayBatch[] = [];
  for (const group of groupsOfTypeAndFiles(messages)) {
    for (let start = 0; start < group.length; start += KAKAO_MAX_MESSAGES) {
      batches.push({ endpoint: 'kakao', type: group[0].type, files: group[0].files, messages: group.slice(start, start + KAKAO_MAX_MESSAGES) });
    }
  }
  return batches;
}

function groupsOfTypeAndFiles(messages: readonly OutgoingMessage[]): OutgoingMessage[][] {
  const groups = new Map<string, OutgoingMessage[]>();
  for (const message of messages) {
    const key = `${message.type}\n${message.files.join('\n')}`;
    const group = groups.get(key);
    if (group) group.push(message);
    else groups.set(key, [message]);
  }
  return [...groups.values()];
}
