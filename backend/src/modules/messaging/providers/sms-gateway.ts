// The port to the text-message gateway. The only adapter speaks Aligo's protocol (providers/aligo), whose URLs
// point at Aligo or at the local sandbox.
import type { RecordedSend } from '../domain/gateway-records.js';
import type { MessageType } from '@job-casting/rules';

export interface GatewayCredentials {
  userId: string;
  apiKey: string;
}

export interface GatewayPicture {
  name: string;
  mimeType: string;
  bytes: Buffer;
}

export interface SmsRequest {
  sender: string;
  type: MessageType;
  /** `send`: one text (the first message's) to every receiver; `send_mass`: each receiver's own text. */
  endpoint: 'send' | 'send_mass';
  messages: { phone: string; text: string }[];
  pictures: GatewayPicture[];
  /** Reserved sending, in Korean time (YYYYMMDD and HHMM); immediate when absent. */
  reserve?: { date: string; time: string };
}

export interface KakaoRequest {
  senderKey: string;
  sender: string;
  messages: { phone: string; name: string; subject: string; text: string }[];
  picture: GatewayPicture | null;
  /** Each message falls back to a text message when KakaoTalk cannot deliver it. */
  failover: boolean;
}

export interface GatewayAccepted {
  mid: string;
  successCount: number;
  errorCount: number;
}

/** A send the gateway's records hold (its `list`), in the gateway's form (see domain/gateway-records). */
export interface GatewaySendRecord extends RecordedSend {
  mid: string;
}

/** One receiver of a recorded send (its `sms_list`). */
export interface GatewayRecipientRecord {
  phone: string;
  /** The gateway's words for the state, e.g. 발송완료. */
  state: string;
  failed: boolean;
  /** The gateway's words for a failure (fail_reason), '' otherwise. */
  reason: string;
  /** When the carrier's report came (send_date); null before it. */
  reportedAt: Date | null;
}

/** One message of a recorded KakaoTalk send (its history detail), with its fail-over SMS when one went out. */
export interface KakaoRecipientRecord {
  phone: string;
  /** The gateway's words for the state, e.g. 완료, 실패, 전송중. */
  state: string;
  /** rslt: '0' delivered, a failure's code, '' before the report. */
  code: string;
  reason: string;
  reportedAt: Date | null;
  failover: { state: string; reason: string } | null;
}

export interface GatewayRemaining {
  SMS_CNT: number;
  LMS_CNT: number;
  MMS_CNT: number;
}

/** The gateway answered and refused (a result code other than success): the request will not succeed as it is. */
export class GatewayRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request never reached the gateway (connection refused, no such host): safe to send again. */
export class GatewayUnreachable extends Error {}

/** The request may have reached the gateway, but no answer says what became of it (timeout, cut connection, 5xx). */
export class GatewayOutcomeUnknown extends Error {}

export interface SmsGateway {
  send(credentials: GatewayCredentials, request: SmsRequest): Promise<GatewayAccepted>;
  sendKakao(credentials: GatewayCredentials, request: KakaoRequest): Promise<GatewayAccepted>;
  remaining(credentials: GatewayCredentials): Promise<GatewayRemaining>;
  /** The sends the gateway recorded from `since` (Korean days) on. */
  sends(credentials: GatewayCredentials, since: Date): Promise<GatewaySendRecord[]>;
  recipients(credentials: GatewayCredentials, mid: string): Promise<GatewayRecipientRecord[]>;
  /** Each message of a KakaoTalk send and its report (the KakaoTalk history's detail). */
  kakaoRecipients(credentials: GatewayCredentials, mid: string): Promise<KakaoRecipientRecord[]>;
  cancel(credentials: GatewayCredentials, mid: string): Promise<void>;
}

export const SMS_GATEWAY = Symbol('SMS_GATEWAY');
