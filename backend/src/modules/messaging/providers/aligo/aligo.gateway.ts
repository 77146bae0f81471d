// Aligo's SMS API (apis.aligo.in: send, send_mass, remain, list, sms_list, cancel) and KakaoTalk API
// (kakaoapi.aligo.in/akv10: token, friend talk), over form posts: URL-encoded, or multipart when pictures go along
// (multipart turns each line break of a text into CRLF). result_code '1' (SMS) and code 0
// (KakaoTalk) mean success; anything else is the gateway's refusal, with its message.
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/config.js';
import { fromKoreanDateTime, koreanDate, type MessageType } from '@job-casting/rules';
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
  type KakaoRecipientRecord,
  type KakaoRequest,
  type SmsGateway,
  type SmsRequest,
} from '../sms-gateway.js';

/** The spec's messages for answers that are not the gateway's JSON (spec §5). */
export const GATEWAY_ANSWER_MESSAGES = {
  notJson: 'Failed to receive JSON response from the server.',
  unparsable: 'Unable to process server response.',
} as const;

/** Spec §8: what a refusal says when the gateway's answer carries no message of its own. */
export const GATEWAY_FALLBACK_MESSAGES = {
  send: 'Failed to send SMS.',
  send_mass: 'Failed to send mass SMS.',
  remain: 'Failed to query remaining count.',
  other: 'API request failed.',
} as const;

/** Failures of the connection itself that prove the request never left. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const LIST_PAGE_SIZE = 500;
const KAKAO_TOKEN_SECONDS = 60;

type AligoAnswer = Record<string, unknown>;

@Injectable()
export class AligoGateway implements SmsGateway {
  constructor(
    @Inject(APP_CONFIG)
    private readonly config: Pick<
      AppConfig,
      'ALIGO_API_URL' | 'ALIGO_KAKAO_API_URL' | 'ALIGO_TEST_MODE' | 'ALIGO_TIMEOUT_MS'
    >,
  ) {}

  async send(credentials: GatewayCredentials, request: SmsRequest): Promise<GatewayAccepted> {
    const form = this.smsForm(credentials);
    form.add('sender', request.sender);
    form.add('msg_type', request.type);
    if (request.reserve) {
      form.add('rdate', request.reserve.date);
      form.add('rtime', request.reserve.time);
    }
    const sameText = request.endpoint === 'send';
    if (sameText) {
      form.add('receiver', request.messages.map((message) => message.phone).join(','));
      form.add('msg', request.messages[0].text);
    } else {
      request.messages.forEach((message, index) => {
        form.add(`rec_${index + 1}`, message.phone);
        form.add(`msg_${index + 1}`, message.text);
      });
      form.add('cnt', String(request.messages.length));
    }
    const pictures = request.pictures.slice(0, 3).map((picture, index) => ({ field: `image${index + 1}`, picture }));
    const answer = smsResult(
      await this.post(`${this.config.ALIGO_API_URL}/${request.endpoint}/`, form, true, pictures),
      GATEWAY_FALLBACK_MESSAGES[request.endpoint],
    );
    return {
      mid: String(answer.msg_id),
      successCount: Number(answer.success_cnt ?? 0),
      errorCount: Number(answer.error_cnt ?? 0),
    };
  }

  async sendKakao(credentials: GatewayCredentials, request: KakaoRequest): Promise<GatewayAccepted> {
    const form = await this.kakaoForm(credentials);
    form.add('senderkey', request.senderKey);
    form.add('sender', request.sender);
    request.messages.forEach((message, index) => {
      const n = index + 1;
      form.add(`receiver_${n}`, message.phone);
      form.add(`recvname_${n}`, message.name);
      form.add(`subject_${n}`, message.subject);
      form.add(`message_${n}`, message.text);
      if (request.failover) {
        form.add(`fsubject_${n}`, message.subject);
        form.add(`fmessage_${n}`, message.text);
      }
    });
    if (request.failover) form.add('failover', 'Y');
    const pictures = request.picture ? [{ field: 'image', picture: request.picture }] : [];
    const answer = kakaoResult(
      await this.post(`${this.config.ALIGO_KAKAO_API_URL}/akv10/friend/send/`, form, true, pictures),
    );
    const info = (answer.info ?? {}) as AligoAnswer;
    return {
      mid: String(info.mid ?? ''),
      successCount: Number(info.scnt ?? request.messages.length),
      errorCount: Number(info.fcnt ?? 0),
    };
  }

  async remaining(credentials: GatewayCredentials): Promise<GatewayRemaining> {
    const answer = smsResult(
      await this.post(`${this.config.ALIGO_API_URL}/remain/`, this.smsForm(credentials), false),
      GATEWAY_FALLBACK_MESSAGES.remain,
    );
    return {
      SMS_CNT: Number(answer.SMS_CNT ?? 0),
      LMS_CNT: Number(answer.LMS_CNT ?? 0),
      MMS_CNT: Number(answer.MMS_CNT ?? 0),
    };
  }

  async sends(credentials: GatewayCredentials, since: Date): Promise<GatewaySendRecord[]> {
    const days = Math.min(7, Math.max(1, Math.ceil((Date.now() - since.getTime()) / 86_400_000) + 1));
    const records: GatewaySendRecord[] = [];
    for (let page = 1; ; page++) {
      const form = this.smsForm(credentials);
      form.add('page', String(page));
      form.add('page_size', String(LIST_PAGE_SIZE));
      form.add('start_date', koreanDate(new Date()));
      form.add('limit_day', String(days));
      const answer = smsResult(await this.post(`${this.config.ALIGO_API_URL}/list/`, form, false));
      const list = Array.isArray(answer.list) ? (answer.list as AligoAnswer[]) : [];
      for (const item of list) {
        records.push({
          mid: String(item.mid),
          sender: String(item.sender ?? '').replace(/\D/g, ''),
          type: messageTypeOf(item.type),
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
      form.add('mid', mid);
      form.add('page', String(page));
      form.add('page_size', String(LIST_PAGE_SIZE));
      const answer = smsResult(await this.post(`${this.config.ALIGO_API_URL}/sms_list/`, form, false));
      const list = Array.isArray(answer.list) ? (answer.list as AligoAnswer[]) : [];
      for (const item of list) {
        const state = String(item.sms_state ?? '');
        records.push({
          phone: String(item.receiver ?? '').replace(/\D/g, ''),
          state,
          failed: /실패|fail/i.test(state),
          reason: String(item.fail_reason ?? ''),
          reportedAt: fromKoreanDateTime(String(item.send_date ?? '')),
        });
      }
      if (answer.next_yn !== 'Y' || list.length === 0) return records;
    }
  }

  async kakaoRecipients(credentials: GatewayCredentials, mid: string): Promise<KakaoRecipientRecord[]> {
    const records: KakaoRecipientRecord[] = [];
    for (let page = 1; ; page++) {
      const form = new FormFields();
      form.add('apikey', credentials.apiKey);
      form.add('userid', credentials.userId);
      form.add('mid', mid);
      form.add('page', String(page));
      form.add('limit', String(LIST_PAGE_SIZE));
      const answer = kakaoResult(
        await this.post(`${this.config.ALIGO_KAKAO_API_URL}/akv10/history/detail/`, form, false),
      );
      const list = Array.isArray(answer.list) ? (answer.list as AligoAnswer[]) : [];
      for (const item of list) {
        const failoverState = String(item.fstatus ?? '');
        records.push({
          phone: String(item.phone ?? '').replace(/\D/g, ''),
          state: String(item.status ?? ''),
          code: String(item.rslt ?? ''),
          reason: String(item.rslt_message ?? ''),
          reportedAt: fromKoreanDateTime(String(item.rsltdate ?? '')),
          failover: item.smid && failoverState ? { state: failoverState, reason: String(item.freason ?? '') } : null,
        });
      }
      if (list.length === 0 || page >= Number(answer.totalPage ?? 1)) return records;
    }
  }

  async cancel(credentials: GatewayCredentials, mid: string): Promise<void> {
    const form = this.smsForm(credentials);
    form.add('mid', mid);
    smsResult(await this.post(`${this.config.ALIGO_API_URL}/cancel/`, form, false));
  }

  private smsForm(credentials: GatewayCredentials): FormFields {
    const form = new FormFields();
    form.add('key', credentials.apiKey);
    form.add('user_id', credentials.userId);
    if (this.config.ALIGO_TEST_MODE) form.add('testmode_yn', 'Y');
    return form;
  }

  /** The send's form with a fresh token. Nothing is sent before the token comes: failing to get one is not sending. */
  private async kakaoForm(credentials: GatewayCredentials): Promise<FormFields> {
    const tokenForm = new FormFields();
    tokenForm.add('apikey', credentials.apiKey);
    tokenForm.add('userid', credentials.userId);
    let token: AligoAnswer;
    try {
      token = kakaoResult(
        await this.post(
          `${this.config.ALIGO_KAKAO_API_URL}/akv10/token/create/${KAKAO_TOKEN_SECONDS}/s/`,
          tokenForm,
          false,
        ),
      );
    } catch (error) {
      if (error instanceof GatewayRefusal) throw error;
      throw new GatewayUnreachable(`No KakaoTalk token: ${error instanceof Error ? error.message : String(error)}`);
    }
    const form = new FormFields();
    form.add('apikey', credentials.apiKey);
    form.add('userid', credentials.userId);
    form.add('token', String(token.token ?? ''));
    if (this.config.ALIGO_TEST_MODE) form.add('testMode', 'Y');
    return form;
  }

  /**
   * One POST. For a call that sends (`sends`), anything after the request may have left (a timeout, a cut
   * connection, a 5xx or an answer that is not the gateway's) leaves its outcome unknown; a read is just retried.
   */
  private async post(
    url: string,
    fields: FormFields,
    sends: boolean,
    pictures: { field: string; picture: GatewayPicture }[] = [],
  ): Promise<AligoAnswer> {
    // URL-encoded text is ASCII: written as a string, without a copy into a Buffer first.
    let body: Buffer | string;
    let contentType = 'application/x-www-form-urlencoded;charset=UTF-8';
    if (pictures.length > 0) {
      const form = new FormData();
      for (const [name, value] of fields) form.append(name, value);
      for (const { field, picture } of pictures) form.set(field, pictureBlob(picture), picture.name);
      // The multipart encoding and its boundary, as fetch would send them.
      const encoded = new Response(form);
      contentType = encoded.headers.get('content-type')!;
      body = Buffer.from(await encoded.arrayBuffer());
    } else {
      body = fields.urlEncoded();
    }
    let response: FormAnswer;
    try {
      response = await postBody(url, body, contentType, this.config.ALIGO_TIMEOUT_MS);
    } catch (error) {
      const code = errorCode(error);
      if (code && NOT_SENT_CODES.has(code)) throw new GatewayUnreachable(`The gateway cannot be reached (${code})`);
      throw new GatewayOutcomeUnknown(
        `No answer from the gateway (${code ?? (error instanceof Error ? error.name : 'error')})`,
      );
    }
    const { status, statusText, text } = response;
    const ok = status >= 200 && status < 300;
    if (status >= 500 || (sends && !ok))
      throw new GatewayOutcomeUnknown(`The gateway answered ${status} ${statusText}`);
    if (!ok) throw new GatewayRefusal(String(status), `API Request Failed: ${status} ${statusText}`);
    if (!response.contentType.includes('json') && !text.trimStart().startsWith('{')) {
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

/** Values that URL-encoding leaves as they are: field names, numbers, codes. */
const URL_SAFE = /^[\w.-]*$/;

/**
 * A form's fields in order, each name once, URL-encoded in one pass: URLSearchParams takes four times as long for
 * a call of 500 texts, which the worker pays on every call.
 */
class FormFields {
  private readonly fields: [string, string][] = [];

  add(name: string, value: string): void {
    this.fields.push([name, value]);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.fields[Symbol.iterator]();
  }

  /** application/x-www-form-urlencoded; a lone surrogate goes as U+FFFD, as URLSearchParams sends it. */
  urlEncoded(): string {
    let encoded = '';
    for (const [name, value] of this.fields) {
      const pair = `${encode(name)}=${encode(value)}`;
      encoded = encoded ? `${encoded}&${pair}` : pair;
    }
    return encoded;
  }
}

const encode = (value: string) => (URL_SAFE.test(value) ? value : encodeURIComponent(value.toWellFormed()));

interface FormAnswer {
  status: number;
  statusText: string;
  contentType: string;
  text: string;
}

/** Kept-alive connections to the gateway, one pool per protocol. */
const AGENTS = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };

/**
 * One POST through node:http(s) rather than fetch, whose web streams cost the worker about a third more CPU per
 * call. Rejects with the socket's error (its code says whether the request left) or an AbortError at the timeout.
 */
function postBody(url: string, body: Buffer | string, contentType: string, timeoutMs: number): Promise<FormAnswer> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        agent: secure ? AGENTS['https:'] : AGENTS['http:'],
        headers: {
          'content-type': contentType,
          'content-length': String(typeof body === 'string' ? Buffer.byteLength(body, 'latin1') : body.length),
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        // Cut before its end (the timeout, or the connection): not an answer.
        response.on('close', () => !response.complete && reject(new Error('The answer was cut off')));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    if (typeof body === 'string') request.end(body, 'latin1');
    else request.end(body);
  });
}

function smsResult(answer: AligoAnswer, fallback: string = GATEWAY_FALLBACK_MESSAGES.other): AligoAnswer {
  if (String(answer.result_code) !== '1')
    throw new GatewayRefusal(String(answer.result_code ?? ''), messageOf(answer) ?? fallback);
  return answer;
}

function kakaoResult(answer: AligoAnswer): AligoAnswer {
  if (String(answer.code) !== '0')
    throw new GatewayRefusal(String(answer.code ?? ''), messageOf(answer) ?? GATEWAY_FALLBACK_MESSAGES.other);
  return answer;
}

/** SMS, LMS or MMS as a record names it; null for anything else. */
function messageTypeOf(value: unknown): MessageType | null {
  const type = String(value ?? '')
    .trim()
    .toUpperCase();
  return type === 'SMS' || type === 'LMS' || type === 'MMS' ? type : null;
}

/** The gateway's own words for a refusal; none when it gave a blank one or none at all. */
function messageOf(answer: AligoAnswer): string | null {
  const message = typeof answer.message === 'string' ? answer.message.trim() : '';
  return message || null;
}

function pictureBlob(picture: GatewayPicture): Blob {
  return new Blob([new Uint8Array(picture.bytes)], { type: picture.mimeType });
}

function errorCode(error: unknown): string | null {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ??
    (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  // An abort (the timeout) is not a socket's code: it says nothing of whether the request left.
  return typeof code === 'string' && code !== 'ABORT_ERR' ? code : null;
}
