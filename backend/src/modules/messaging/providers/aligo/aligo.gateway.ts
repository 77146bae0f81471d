// Aligo's SMS API (apis.aligo.in: send, send_mass, remain, list, sms_list, cancel) and KakaoTalk API
// (kakaoapi.aligo.in/akv10: token, friend talk), over form posts: URL-encoded, or multipart when pictures go along
// (multipart turns each line break of a text into CRLF). result_code '1' (SMS) and code 0
// (KakaoTalk) mean success; anything else is the gateway's refusal, with its message.
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { fromKoreanDateTime, koreanDate } from '../../domain/korean-time.js';
import {
  type GatewayAccepted,
  type GatewayCredentials,
  GatewayOutcomeUnknown,
  type GatewayPicture,
  type GatewayRecipientRecord,
  GatewayRefusal,
  type GatewayRemaining,
  type GatewaySendRecord,
  GatewayUnreachable,
  type KakaoRequest,
  type SmsGateway,
  type SmsRequest,
} from '../sms-gateway.js';

/** The spec's messages for answers that are not the gateway's JSON (spec §5). */
export const GATEWAY_ANSWER_MESSAGES = {
  notJson: 'Failed to receive JSON response from the server.',
  unparsable: 'Unable to process server response.',
} as const;

/** Failures of the connection itself that prove the request never left. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
const LIST_PAGE_SIZE = 500;
const KAKAO_TOKEN_SECONDS = 60;

type AligoAnswer = Record<string, unknown>;

@Injectable()
export class AligoGateway implements SmsGateway {
  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'ALIGO_API_URL' | 'ALIGO_KAKAO_API_URL' | 'ALIGO_TEST_MODE' | 'ALIGO_TIMEOUT_MS'>) {}

  async send(credentials: GatewayCredentials, request: SmsRequest): Promise<GatewayAccepted> {
    const form = this.smsForm(credentials);
    form.set('sender', request.sender);
    form.set('msg_type', request.type);
    if (request.reserve) {
      form.set('rdate', request.reserve.date);
      form.set('rtime', request.reserve.time);
    }
    const sameText = request.endpoint === 'send';
    if (sameText) {
      form.set('receiver', request.messages.map((message) => message.phone).join(','));
      form.set('msg', request.messages[0].text);
    } else {
      // append, not set: set looks for an earlier field of the name each time, which adds up over 500 messages.
      request.messages.forEach((message, index) => {
        form.append(`rec_${index + 1}`, message.phone);
        form.append(`msg_${index + 1}`, message.text);
      });
      form.set('cnt', String(request.messages.length));
    }
    const pictures = request.pictures.slice(0, 3).map((picture, index) => ({ field: `image${index + 1}`, picture }));
    const answer = smsResult(await this.post(`${this.config.ALIGO_API_URL}/${request.endpoint}/`, form, true, pictures));
    return { mid: String(answer.msg_id), successCount: Number(answer.success_cnt ?? 0), errorCount: Number(answer.error_cnt ?? 0) };
  }

  async sendKakao(credentials: GatewayCredentials, request: KakaoRequest): Promise<GatewayAccepted> {
    const form = await this.kakaoForm(credentials);
    form.set('senderkey', request.senderKey);
    form.set('sender', request.sender);
    request.messages.forEach((message, index) => {
      const n = index + 1;
      form.append(`receiver_${n}`, message.phone);
      form.append(`recvname_${n}`, message.name);
      form.append(`subject_${n}`, message.subject);
      form.append(`message_${n}`, message.text);
      if (request.failover) {
        form.append(`fsubject_${n}`, message.subject);
        form.append(`fmessage_${n}`, message.text);
      }
    });
    if (request.failover) form.set('failover', 'Y');
    const pictures = request.picture ? [{ field: 'image', picture: request.picture }] : [];
    const answer = kakaoResult(await this.post(`${this.config.ALIGO_KAKAO_API_URL}/akv10/friend/send/`, form, true, pictures));
    const info = (answer.info ?? {}) as AligoAnswer;
    return { mid: String(info.mid ?? ''), successCount: Number(info.scnt ?? request.messages.length), errorCount: Number(info.fcnt ?? 0) };
  }

  async remaining(credentials: GatewayCredentials): Promise<GatewayRemaining> {
    const answer = smsResult(await this.post(`${this.config.ALIGO_API_URL}/remain/`, this.smsForm(credentials), false));
    return { SMS_CNT: Number(answer.SMS_CNT ?? 0), LMS_CNT: Number(answer.LMS_CNT ?? 0), MMS_CNT: Number(answer.MMS_CNT ?? 0) };
  }

  async sends(credentials: GatewayCredentials, since: Date): Promise<GatewaySendRecord[]> {
    const days = Math.min(7, Math.max(1, Math.ceil((Date.now() - since.getTime()) / 86_400_000) + 1));
    const records: GatewaySendRecord[] = [];
    for (let page = 1; ; page++) {
      const form = this.smsForm(credentials);
      form.set('page', String(page));
      form.set('page_size', String(LIST_PAGE_SIZE));
      form.set('start_date', koreanDate(new Date()));
      form.set('limit_day', String(days));
      const answer = smsResult(await this.post(`${this.config.ALIGO_API_URL}/list/`, form, false));
      const list = Array.isArray(answer.list) ? (answer.list as AligoAnswer[]) : [];
      for (const item of list) {
        records.push({
          mid: String(item.mid),
          sender: String(item.sender ?? ''),
          count: Number(item.sms_count ?? 0),
          text: String(item.msg ?? ''),
          registeredAt: fromKoreanDateTime(String(item.reg_date ?? '')) ?? new Date(0),
        });
      }
      if (answer.next_yn !== 'Y' || list.length === 0) return records;
    }
  }

  async recipients(credentials: GatewayCredentials, mid: string): Promise<GatewayRecipientRecord[]> {
    const records: GatewayRecipientRecord[] = [];
    for (let page = 1; ; page++) {
      const form = this.smsForm(credentials);
      form.set('mid', mid);
      form.set('page', String(page));
      form.set('page_size', String(LIST_PAGE_SIZE));
      const answer = smsResult(await this.post(`${this.config.ALIGO_API_URL}/sms_list/`, form, false));
      const list = Array.isArray(answer.list) ? (answer.list as AligoAnswer[]) : [];
      for (const item of list) {
        const state = String(item.sms_state ?? '');
        records.push({ phone: String(item.receiver ?? '').replace(/\D/g, ''), state, failed: /실패|fail/i.test(state) });
      }
      if (answer.next_yn !== 'Y' || list.length === 0) return records;
    }
  }

  async cancel(credentials: GatewayCredentials, mid: string): Promise<void> {
    const form = this.smsForm(credentials);
    form.set('mid', mid);
    smsResult(await this.post(`${this.config.ALIGO_API_URL}/cancel/`, form, false));
  }

  private smsForm(credentials: GatewayCredentials): URLSearchParams {
    const form = new URLSearchParams();
    form.set('key', credentials.apiKey);
    form.set('user_id', credentials.userId);
    if (this.config.ALIGO_TEST_MODE) form.set('testmode_yn', 'Y');
    return form;
  }

  /** The send's form with a fresh token. Nothing is sent before the token comes: failing to get one is not sending. */
  private async kakaoForm(credentials: GatewayCredentials): Promise<URLSearchParams> {
    const tokenForm = new URLSearchParams();
    tokenForm.set('apikey', credentials.apiKey);
    tokenForm.set('userid', credentials.userId);
    let token: AligoAnswer;
    try {
      token = kakaoResult(await this.post(`${this.config.ALIGO_KAKAO_API_URL}/akv10/token/create/${KAKAO_TOKEN_SECONDS}/s/`, tokenForm, false));
    } catch (error) {
      if (error instanceof GatewayRefusal) throw error;
      throw new GatewayUnreachable(`No KakaoTalk token: ${error instanceof Error ? error.message : String(error)}`);
    }
    const form = new URLSearchParams();
    form.set('apikey', credentials.apiKey);
    form.set('userid', credentials.userId);
    form.set('token', String(token.token ?? ''));
    if (this.config.ALIGO_TEST_MODE) form.set('testMode', 'Y');
    return form;
  }

  /**
   * One POST. For a call that sends (`sends`), anything after the request may have left (a timeout, a cut
   * connection, a 5xx or an answer that is not the gateway's) leaves its outcome unknown; a read is just retried.
   */
  private async post(url: string, fields: URLSearchParams, sends: boolean, pictures: { field: string; picture: GatewayPicture }[] = []): Promise<AligoAnswer> {
    let body: URLSearchParams | FormData = fields;
    if (pictures.length > 0) {
      const form = new FormData();
      for (const [name, value] of fields) form.append(name, value);
      for (const { field, picture } of pictures) form.set(field, pictureBlob(picture), picture.name);
      body = form;
    }
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(this.config.ALIGO_TIMEOUT_MS) });
    } catch (error) {
      const code = errorCode(error);
      if (code && NOT_SENT_CODES.has(code)) throw new GatewayUnreachable(`The gateway cannot be reached (${code})`);
      throw new GatewayOutcomeUnknown(`No answer from the gateway (${code ?? (error instanceof Error ? error.name : 'error')})`);
    }
    const text = await response.text().catch(() => '');
    if (response.status >= 500 || (sends && !response.ok)) throw new GatewayOutcomeUnknown(`The gateway answered ${response.status} ${response.statusText}`);
    if (!response.ok) throw new GatewayRefusal(String(response.status), `API Request Failed: ${response.status} ${response.statusText}`);
    if (!(response.headers.get('content-type') ?? '').includes('json') && !text.trimStart().startsWith('{')) {
      if (sends) throw new GatewayOutcomeUnknown(GATEWAY_ANSWER_MESSAGES.notJson);
      throw new GatewayRefusal('answer', GATEWAY_ANSWER_MESSAGES.notJson);
    }
    try {
      return JSON.parse(text) as AligoAnswer;
    } catch {
      if (sends) throw new GatewayOutcomeUnknown(GATEWAY_ANSWER_MESSAGES.unparsable);
      throw new GatewayRefusal('answer', GATEWAY_ANSWER_MESSAGES.unparsable);
    }
  }
}

function smsResult(answer: AligoAnswer): AligoAnswer {
  if (String(answer.result_code) !== '1') throw new GatewayRefusal(String(answer.result_code ?? ''), String(answer.message ?? 'API request failed.'));
  return answer;
}

function kakaoResult(answer: AligoAnswer): AligoAnswer {
  if (String(answer.code) !== '0') throw new GatewayRefusal(String(answer.code ?? ''), String(answer.message ?? 'API request failed.'));
  return answer;
}

function pictureBlob(picture: GatewayPicture): Blob {
  return new Blob([new Uint8Array(picture.bytes)], { type: picture.mimeType });
}

function errorCode(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : null;
}
