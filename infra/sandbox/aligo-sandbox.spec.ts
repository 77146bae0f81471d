// The Aligo sandbox over real HTTP, the way the back end's gateway adapter and the worker call it: form-encoded
// and multipart bodies, the SMS API's string result codes, the KakaoTalk API's token and sends, and the
// inspection and fault controls under /sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  SANDBOX_API_KEY,
  SANDBOX_NON_KAKAO_RECEIVER,
  SANDBOX_SENDER_KEY,
  SANDBOX_SENDERS,
  SANDBOX_USER_ID,
  CARRIER_FAILURES,
  SMS_RESULT_CODES,
  startAligoSandbox,
  type AligoSandbox,
  type Fault,
  type IntakeStats,
  type SandboxMessage,
  type SandboxSend,
} from './aligo/server.ts';

type Json = Record<string, unknown>;

const AUTH = { user_id: SANDBOX_USER_ID, key: SANDBOX_API_KEY };
const KAKAO_AUTH = { userid: SANDBOX_USER_ID, apikey: SANDBOX_API_KEY };
const SENDER = SANDBOX_SENDERS[0];
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
/** A moment to reserve against: Friday 20 November 2026, 10:00 in Seoul. */
const SEOUL_10AM = '2026-11-20T10:00:00+09:00';

let sandbox: AligoSandbox;

const numbers = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => `010${String(20_000_000 + from + i)}`);
const hangul = (count: number) => '가'.repeat(count);

async function post(
  path: string,
  body: URLSearchParams | FormData | string,
  headers: Record<string, string> = {},
): Promise<Json> {
  const response = await fetch(`${sandbox.url}${path}`, { method: 'POST', body, headers });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as Json;
}

/** An SMS API call, form-encoded, with the seeded account's credentials unless overridden. */
const sms = (path: string, fields: Record<string, string>) => post(path, new URLSearchParams({ ...AUTH, ...fields }));

interface Upload {
  field: string;
  name: string;
  type: string;
  data: Uint8Array;
}

function form(fields: Record<string, string>, files: Upload[] = []): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  for (const file of files) data.append(file.field, new Blob([file.data], { type: file.type }), file.name);
  return data;
}

const smsMultipart = (path: string, fields: Record<string, string>, files: Upload[] = []) =>
  post(path, form({ ...AUTH, ...fields }, files));

async function kakaoToken(): Promise<string> {
  const answer = await post('/akv10/token/create/30/s/', new URLSearchParams(KAKAO_AUTH));
  expect(answer).toMatchObject({ code: 0 });
  return answer.token as string;
}

async function kakao(path: string, fields: Record<string, string>, files: Upload[] = []): Promise<Json> {
  const body = { ...KAKAO_AUTH, token: await kakaoToken(), senderkey: SANDBOX_SENDER_KEY, sender: SENDER, ...fields };
  return files.length ? post(path, form(body, files)) : post(path, new URLSearchParams(body));
}

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as Json };
}

async function remain(): Promise<{ SMS_CNT: number; LMS_CNT: number; MMS_CNT: number }> {
  return (await sms('/remain/', {})) as unknown as { SMS_CNT: number; LMS_CNT: number; MMS_CNT: number };
}

beforeAll(async () => {
  sandbox = await startAligoSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox?.close();
});

beforeEach(async () => {
  await control('POST', '/sandbox/reset');
});

describe('SMS /send/', () => {
  it('accepts one text for several receivers and answers result_code, message, msg_id, counts and msg_type', async () => {
    const answer = await sms('/send/', {
      sender: '02-1234-5678',
      receiver: '010-1111-2222,01033334444',
      msg: '오디션 안내드립니다.',
    });
    expect(answer).toEqual({
      result_code: '1',
      message: 'success',
      msg_id: expect.stringMatching(/^\d+$/),
      success_cnt: 2,
      error_cnt: 0,
      msg_type: 'SMS',
    });

    const messages = sandbox.messages({ mid: answer.msg_id as string });
    expect(messages.map((m) => m.receiver)).toEqual(['01011112222', '01033334444']);
    expect(messages[0]).toMatchObject({
      channel: 'sms',
      type: 'SMS',
      userId: SANDBOX_USER_ID,
      sender: '0212345678',
      text: '오디션 안내드립니다.',
      bytes: 20,
      status: 'delivered',
      testMode: false,
      title: null,
    });
    expect(Date.parse(messages[0].deliveredAt ?? '')).toBeGreaterThan(Date.now() - 5000);
  });

  it('refuses bad credentials with -101 and its message, whichever part is wrong or missing', async () => {
    for (const auth of [{ key: 'wrong' }, { user_id: 'someone-else' }, { user_id: '' }, { key: '' }] as Record<
      string,
      string
    >[]) {
      const answer = await sms('/send/', { ...auth, sender: SENDER, receiver: '01011112222', msg: '안녕하세요' });
      expect(answer).toEqual({ result_code: '-101', message: '인증오류입니다.' });
    }
    expect(sandbox.messages()).toHaveLength(0);
  });

  it('reads userid as well as user_id, and the query string as well as the body', async () => {
    const viaUserid = await post(
      '/send',
      new URLSearchParams({
        userid: SANDBOX_USER_ID,
        key: SANDBOX_API_KEY,
        sender: SENDER,
        receiver: '01011112222',
        msg: 'a',
      }),
    );
    expect(viaUserid.result_code).toBe('1');
    const query = new URLSearchParams({ ...AUTH, sender: SENDER, receiver: '01011112222', msg: 'b' });
    const viaQuery = await post(`/send/?${query}`, '', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(viaQuery.result_code).toBe('1');
  });

  it('does not read a JSON body, like the real gateway: the call fails authentication', async () => {
    const answer = await post(
      '/send/',
      JSON.stringify({ ...AUTH, sender: SENDER, receiver: '01011112222', msg: 'x' }),
      { 'content-type': 'application/json' },
    );
    expect(answer.result_code).toBe('-101');
  });

  it('refuses a sender number the account has not registered (-103) until it is registered', async () => {
    const refused = await sms('/send/', { sender: '0311112222', receiver: '01011112222', msg: '안녕하세요' });
    expect(refused).toEqual({ result_code: '-103', message: '등록/인증되지 않은 발신번호입니다.' });

    const registered = await control('POST', '/sandbox/accounts', {
      userId: SANDBOX_USER_ID,
      key: SANDBOX_API_KEY,
      senders: [...SANDBOX_SENDERS, '031-111-2222'],
    });
    expect(registered.json.senders).toContain('0311112222');
    expect(
      (await sms('/send/', { sender: '031-111-2222', receiver: '01011112222', msg: '안녕하세요' })).result_code,
    ).toBe('1');
  });

  it('answers -102 for a missing sender, receiver or message', async () => {
    for (const [missing, fields] of [
      ['sender', { receiver: '01011112222', msg: 'a' }],
      ['receiver', { sender: SENDER, msg: 'a' }],
      ['msg', { sender: SENDER, receiver: '01011112222' }],
    ] as const) {
      const answer = await sms('/send/', fields);
      expect(answer.result_code).toBe('-102');
      expect(answer.message).toContain(missing);
    }
  });

  it('picks SMS up to 90 EUC-KR bytes and LMS beyond, Hangul counting 2 bytes and ASCII 1', async () => {
    expect((await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: hangul(45) })).msg_type).toBe('SMS');
    expect((await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: `${hangul(44)}ab` })).msg_type).toBe(
      'SMS',
    );
    const long = await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: `${hangul(45)}a` });
    expect(long.msg_type).toBe('LMS');
    expect(sandbox.messages({ mid: long.msg_id as string })[0]).toMatchObject({ type: 'LMS', bytes: 91 });
  });

  it('gives an LMS without a title the first line of its message, cut to 44 bytes; a given title is kept', async () => {
    const untitled = await sms('/send/', {
      sender: SENDER,
      receiver: '01011112222',
      msg: `[잡캐스팅] 2026 겨울 광고 촬영 오디션 합격 안내드립니다\n${hangul(60)}`,
    });
    expect(sandbox.messages({ mid: untitled.msg_id as string })[0].title).toBe(
      '[잡캐스팅] 2026 겨울 광고 촬영 오디션 합격',
    );
    const titled = await sms('/send/', {
      sender: SENDER,
      receiver: '01011112222',
      msg_type: 'LMS',
      title: '촬영 일정',
      msg: '내일 10시 강남 스튜디오',
    });
    expect(titled.msg_type).toBe('LMS');
    expect(sandbox.messages({ mid: titled.msg_id as string })[0].title).toBe('촬영 일정');
  });

  it('enforces the byte limits: SMS 90 (-107), LMS 2,000 (-107), title 44 (-108)', async () => {
    const sms91 = await sms('/send/', {
      sender: SENDER,
      receiver: '01011112222',
      msg_type: 'SMS',
      msg: `${hangul(45)}a`,
    });
    expect(sms91.result_code).toBe('-107');
    expect(sms91.message).toContain('90byte');
    expect(
      (await sms('/send/', { sender: SENDER, receiver: '01011112222', msg_type: 'LMS', msg: hangul(1000) }))
        .result_code,
    ).toBe('1');
    expect(
      (await sms('/send/', { sender: SENDER, receiver: '01011112222', msg_type: 'LMS', msg: `${hangul(1000)}a` }))
        .result_code,
    ).toBe('-107');
    expect((await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: hangul(1001) })).result_code).toBe(
      '-107',
    );
    expect(
      (
        await sms('/send/', {
          sender: SENDER,
          receiver: '01011112222',
          msg_type: 'LMS',
          title: hangul(22),
          msg: hangul(50),
        })
      ).result_code,
    ).toBe('1');
    expect(
      await sms('/send/', {
        sender: SENDER,
        receiver: '01011112222',
        msg_type: 'LMS',
        title: `${hangul(22)}a`,
        msg: hangul(50),
      }),
    ).toEqual({
      result_code: '-108',
      message: '제목은 44byte 까지 입력 가능합니다. (45byte)',
    });
    expect(
      (await sms('/send/', { sender: SENDER, receiver: '01011112222', msg_type: 'FAX', msg: 'a' })).result_code,
    ).toBe('-106');
  });

  it('fills %고객명% from destination (number|name) for each receiver', async () => {
    const answer = await sms('/send/', {
      sender: SENDER,
      receiver: '01011112222,01033334444,01055556666',
      destination: '010-1111-2222|홍길동,01033334444|김민지',
      msg: '%고객명%님, 내일 촬영 일정 확인 부탁드립니다.',
    });
    const texts = sandbox.messages({ mid: answer.msg_id as string }).map((m) => [m.receiver, m.name, m.text]);
    expect(texts).toEqual([
      ['01011112222', '홍길동', '홍길동님, 내일 촬영 일정 확인 부탁드립니다.'],
      ['01033334444', '김민지', '김민지님, 내일 촬영 일정 확인 부탁드립니다.'],
      ['01055556666', null, '님, 내일 촬영 일정 확인 부탁드립니다.'],
    ]);
  });

  it('delivers characters EUC-KR cannot carry (emoji) as ? and flags them, as Aligo documents', async () => {
    const answer = await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: '합격 축하드려요 🎉👏 ♥ 漢字' });
    expect(answer.result_code).toBe('1');
    const [message] = sandbox.messages({ mid: answer.msg_id as string });
    expect(message.text).toBe('합격 축하드려요 ?? ♥ 漢字');
    expect(message.requestedText).toBe('합격 축하드려요 🎉👏 ♥ 漢字');
    expect(message.unencodable).toEqual(['🎉', '👏']);
    expect(message.bytes).toBe(26);
  });

  it('can refuse unencodable characters instead (-111) when started with unencodable: reject', async () => {
    const strict = await startAligoSandbox({ unencodable: 'reject' });
    try {
      const response = await fetch(`${strict.url}/send/`, {
        method: 'POST',
        body: new URLSearchParams({ ...AUTH, sender: SENDER, receiver: '01011112222', msg: '축하해요 😀' }),
      });
      expect(await response.json()).toEqual({ result_code: '-111', message: SMS_RESULT_CODES['-111'] });
      expect(strict.messages()).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });

  it('takes up to 1,000 receivers and refuses 1,001 with -109', async () => {
    const thousand = await sms('/send/', { sender: SENDER, receiver: numbers(1000).join(','), msg: '공지' });
    expect(thousand).toMatchObject({ result_code: '1', success_cnt: 1000, error_cnt: 0 });
    const tooMany = await sms('/send/', { sender: SENDER, receiver: numbers(1001).join(','), msg: '공지' });
    expect(tooMany.result_code).toBe('-109');
    expect(sandbox.messages()).toHaveLength(1000);
  });

  it('counts malformed receivers in error_cnt, and refuses a send with none valid (-104)', async () => {
    const answer = await sms('/send/', { sender: SENDER, receiver: '01011112222,12345,,abc', msg: '안내' });
    expect(answer).toMatchObject({ result_code: '1', success_cnt: 1, error_cnt: 2 });
    const failed = sandbox.messages({ mid: answer.msg_id as string, status: 'failed' });
    expect(failed.map((m) => [m.receiver, m.failReason])).toEqual([
      ['12345', '수신번호 오류'],
      ['abc', '수신번호 오류'],
    ]);
    expect((await sms('/send/', { sender: SENDER, receiver: '123', msg: '안내' })).result_code).toBe('-104');
  });

  it('sends MMS with images from a multipart body (image, image1..3), and LMS when MMS comes without one', async () => {
    const answer = await smsMultipart(
      '/send/',
      { sender: SENDER, receiver: '01011112222', msg: '프로필 사진입니다', title: '프로필' },
      [
        { field: 'image1', name: 'profile.png', type: 'image/png', data: PNG },
        { field: 'image2', name: 'full.gif', type: 'image/gif', data: GIF },
      ],
    );
    expect(answer).toMatchObject({ result_code: '1', msg_type: 'MMS' });
    const [message] = sandbox.messages({ mid: answer.msg_id as string });
    expect(message).toMatchObject({ type: 'MMS', title: '프로필', text: '프로필 사진입니다' });
    expect(message.images).toEqual([
      { field: 'image1', filename: 'profile.png', contentType: 'image/png', size: PNG.length },
      { field: 'image2', filename: 'full.gif', contentType: 'image/gif', size: GIF.length },
    ]);

    const withoutImage = await smsMultipart('/send/', {
      sender: SENDER,
      receiver: '01011112222',
      msg_type: 'MMS',
      msg: '사진 없음',
    });
    expect(withoutImage.msg_type).toBe('LMS');
    const notAnImage = await smsMultipart('/send/', { sender: SENDER, receiver: '01011112222', msg: 'x' }, [
      { field: 'image', name: 'a.txt', type: 'text/plain', data: new TextEncoder().encode('hello') },
    ]);
    expect(notAnImage.result_code).toBe('-110');
  });

  it('accepts testmode_yn=Y without delivering or charging, and records the messages as test', async () => {
    const before = await remain();
    const answer = await sms('/send/', {
      sender: SENDER,
      receiver: '01011112222,01033334444',
      msg: '연동 테스트',
      testmode_yn: 'Y',
    });
    expect(answer).toMatchObject({ result_code: '1', message: 'success', success_cnt: 2, error_cnt: 0 });
    expect(
      sandbox.messages({ mid: answer.msg_id as string }).map((m) => [m.status, m.testMode, m.deliveredAt]),
    ).toEqual([
      ['test', true, null],
      ['test', true, null],
    ]);
    expect(await remain()).toEqual(before);
    const list = (await sms('/sms_list/', { mid: answer.msg_id as string })).list as Json[];
    expect(list.map((item) => item.sms_state)).toEqual(['연동테스트', '연동테스트']);
  });
});

describe('SMS /send_mass/', () => {
  it('sends a different text (and title) to each rec_N, up to cnt', async () => {
    const answer = await sms('/send_mass/', {
      sender: SENDER,
      msg_type: 'LMS',
      cnt: '2',
      rec_1: '010-1111-2222',
      msg_1: '홍길동님 내일 10시 촬영입니다.',
      sbj_1: '홍길동님 일정',
      rec_2: '01033334444',
      msg_2: '김민지님 내일 14시 촬영입니다.',
      rec_3: '01055556666',
      msg_3: 'cnt 밖이라 보내지 않습니다.',
      title: '촬영 일정',
    });
    expect(answer).toMatchObject({
      result_code: '1',
      message: 'success',
      success_cnt: 2,
      error_cnt: 0,
      msg_type: 'LMS',
    });
    expect(sandbox.messages({ mid: answer.msg_id as string }).map((m) => [m.receiver, m.title, m.text])).toEqual([
      ['01011112222', '홍길동님 일정', '홍길동님 내일 10시 촬영입니다.'],
      ['01033334444', '촬영 일정', '김민지님 내일 14시 촬영입니다.'],
    ]);
  });

  it('sends MMS with up to three images (image, image1..3) as /send/ does, and refuses a fourth (-112) instead of dropping it', async () => {
    const pictures = (fields: string[]): Upload[] =>
      fields.map((field, i) => ({ field, name: `p${i + 1}.png`, type: 'image/png', data: PNG }));
    const mass = {
      sender: SENDER,
      msg_type: 'MMS',
      cnt: '2',
      rec_1: '01011112222',
      msg_1: '홍길동님 프로필',
      rec_2: '01033334444',
      msg_2: '김민지님 프로필',
    };
    const answer = await smsMultipart('/send_mass/', mass, pictures(['image1', 'image2', 'image3']));
    expect(answer).toMatchObject({ result_code: '1', msg_type: 'MMS', success_cnt: 2 });
    for (const message of sandbox.messages({ mid: answer.msg_id as string })) {
      expect(message.images.map((image) => [image.field, image.filename])).toEqual([
        ['image1', 'p1.png'],
        ['image2', 'p2.png'],
        ['image3', 'p3.png'],
      ]);
    }

    for (const path of ['/send_mass/', '/send/']) {
      const fields = path === '/send/' ? { sender: SENDER, receiver: '01011112222', msg: '네 장' } : mass;
      const four = await smsMultipart(path, fields, pictures(['image', 'image1', 'image2', 'image3']));
      expect(four).toEqual({ result_code: '-112', message: SMS_RESULT_CODES['-112'] });
    }
    expect(sandbox.sends()).toHaveLength(1);
  });

  it('requires msg_type (-106) and cnt from 1 to 500 (-102, -109)', async () => {
    expect((await sms('/send_mass/', { sender: SENDER, cnt: '1', rec_1: '01011112222', msg_1: 'a' })).result_code).toBe(
      '-106',
    );
    expect(
      (await sms('/send_mass/', { sender: SENDER, msg_type: 'SMS', rec_1: '01011112222', msg_1: 'a' })).result_code,
    ).toBe('-102');
    expect(
      (await sms('/send_mass/', { sender: SENDER, msg_type: 'SMS', cnt: '0', rec_1: '01011112222', msg_1: 'a' }))
        .result_code,
    ).toBe('-102');

    const fields = (count: number) =>
      Object.fromEntries(
        numbers(count).flatMap((n, i) => [
          [`rec_${i + 1}`, n],
          [`msg_${i + 1}`, `${i + 1}번째 안내`],
        ]),
      );
    const fiveHundred = await sms('/send_mass/', { sender: SENDER, msg_type: 'SMS', cnt: '500', ...fields(500) });
    expect(fiveHundred).toMatchObject({ result_code: '1', success_cnt: 500 });
    const tooMany = await sms('/send_mass/', { sender: SENDER, msg_type: 'SMS', cnt: '501', ...fields(501) });
    expect(tooMany.result_code).toBe('-109');
  });

  it('refuses a message over the limit of its msg_type (-107) and counts missing pairs as errors', async () => {
    expect(
      (await sms('/send_mass/', { sender: SENDER, msg_type: 'SMS', cnt: '1', rec_1: '01011112222', msg_1: hangul(46) }))
        .result_code,
    ).toBe('-107');
    const partial = await sms('/send_mass/', {
      sender: SENDER,
      msg_type: 'SMS',
      cnt: '3',
      rec_1: '01011112222',
      msg_1: 'a',
      rec_2: '01033334444',
    });
    expect(partial).toMatchObject({ result_code: '1', success_cnt: 1, error_cnt: 2 });
  });
});

describe('balance: /remain/ and -201', () => {
  it('answers the counts the balance pays for, and charges each delivered message', async () => {
    const before = await remain();
    expect(before).toEqual({
      result_code: '1',
      message: 'success',
      SMS_CNT: 11_904_761,
      LMS_CNT: 3_861_003,
      MMS_CNT: 1_666_666,
    });
    await sms('/send/', { sender: SENDER, receiver: '01011112222,01033334444', msg: '안내' });
    expect((await remain()).SMS_CNT).toBe(before.SMS_CNT - 2);
  });

  it('refuses a send the balance cannot pay for with -201', async () => {
    sandbox.setAccount({
      userId: SANDBOX_USER_ID,
      key: SANDBOX_API_KEY,
      senders: SANDBOX_SENDERS,
      senderKeys: [SANDBOX_SENDER_KEY],
      points: 20,
    });
    expect((await remain()).SMS_CNT).toBe(2);
    expect(
      (await sms('/send/', { sender: SENDER, receiver: '01011112222,01033334444', msg: '안내' })).result_code,
    ).toBe('1');
    expect(await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: '안내' })).toEqual({
      result_code: '-201',
      message: SMS_RESULT_CODES['-201'],
    });
    // Test sends cost nothing.
    expect(
      (await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: '안내', testmode_yn: 'Y' })).result_code,
    ).toBe('1');
  });
});

describe('reservations and /cancel/', () => {
  const reserve = (rtime: string, fields: Record<string, string> = {}) =>
    sms('/send/', {
      sender: SENDER,
      receiver: '01011112222,01033334444',
      msg: '내일 촬영 리마인드',
      rdate: '20261120',
      rtime,
      ...fields,
    });

  beforeEach(() => {
    sandbox.setClock(SEOUL_10AM);
  });

  it('keeps a send reserved for rdate/rtime (at least 10 minutes ahead), answering message reserved', async () => {
    expect((await reserve('1005')).result_code).toBe('-105');
    expect((await reserve('0930')).result_code).toBe('-105');
    expect(
      (await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: 'x', rdate: '20261120' })).result_code,
    ).toBe('-105');
    expect((await reserve('2561')).result_code).toBe('-105');

    const answer = await reserve('1030');
    expect(answer).toMatchObject({ result_code: '1', message: 'reserved', success_cnt: 2 });
    const mid = answer.msg_id as string;
    const messages = sandbox.messages({ mid });
    expect(messages.map((m) => m.status)).toEqual(['reserved', 'reserved']);
    expect(messages[0].reserveAt).toBe('2026-11-20T01:30:00.000Z');

    const listed = ((await sms('/list/', {})).list as Json[]).find((item) => item.mid === mid);
    expect(listed).toMatchObject({
      reserve_state: '예약대기중',
      reserve: '2026-11-20 10:30:00',
      sms_count: '2',
      fail_count: '0',
      reg_date: '2026-11-20 10:00:00',
    });
    const detail = (await sms('/sms_list/', { mid })).list as Json[];
    expect(detail[0]).toMatchObject({
      sms_state: '예약대기중',
      reserve_date: '2026-11-20 10:30',
      send_date: '',
      reg_date: '2026-11-20 10:00:00',
    });

    // When its time comes, it is delivered.
    sandbox.advanceClock(31 * 60_000);
    expect(sandbox.messages({ mid }).map((m) => [m.status, m.deliveredAt])).toEqual([
      ['delivered', '2026-11-20T01:30:00.000Z'],
      ['delivered', '2026-11-20T01:30:00.000Z'],
    ]);
    expect(((await sms('/sms_list/', { mid })).list as Json[])[0]).toMatchObject({
      sms_state: '발송완료',
      send_date: '2026-11-20 10:30:00',
    });
  });

  it('cancels a reservation until 5 minutes before it, refunding it, with the -80x codes otherwise', async () => {
    const before = await remain();
    const mid = (await reserve('1100')).msg_id as string;
    expect((await remain()).SMS_CNT).toBe(before.SMS_CNT - 2);

    expect(await sms('/cancel/', {})).toEqual({ result_code: '-801', message: '메세지ID 미입력' });
    expect(await sms('/cancel/', { mid: '1' })).toEqual({ result_code: '-802', message: '메세지ID 오류' });
    sandbox.advanceClock(20 * 60_000);
    expect(await sms('/cancel/', { mid })).toEqual({
      result_code: '1',
      message: 'success',
      cancel_date: '2026-11-20 10:20:00',
    });
    expect(sandbox.messages({ mid }).map((m) => m.status)).toEqual(['cancelled', 'cancelled']);
    expect(await remain()).toEqual(before);
    expect(await sms('/cancel/', { mid })).toEqual({ result_code: '-803', message: '예약대기중인 문자 없음' });
    expect(((await sms('/list/', {})).list as Json[])[0]).toMatchObject({ mid, reserve_state: '예약취소' });

    const late = (await reserve('1040')).msg_id as string;
    sandbox.advanceClock(16 * 60_000);
    expect(await sms('/cancel/', { mid: late })).toEqual({ result_code: '-804', message: '발송 5분전까지만 취소가능' });
    sandbox.advanceClock(5 * 60_000);
    expect(await sms('/cancel/', { mid: late })).toEqual({ result_code: '-805', message: '전송완료로 취소불가' });

    const immediate = (await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: '즉시' })).msg_id as string;
    expect((await sms('/cancel/', { mid: immediate })).result_code).toBe('-805');
  });

  it('moves the clock over HTTP too, for a worker in another process', async () => {
    const mid = (await reserve('1030')).msg_id as string;
    expect((await control('POST', '/sandbox/clock', { advanceMs: 40 * 60_000 })).json.now).toMatch(
      /^2026-11-20T01:40:00\./,
    );
    expect((await control('GET', `/sandbox/messages?mid=${mid}&status=delivered`)).json.total).toBe(2);
    expect((await control('POST', '/sandbox/clock', { now: SEOUL_10AM })).json.now).toMatch(/^2026-11-20T01:00:00\./);
    expect((await control('GET', '/sandbox/clock')).json.now).toMatch(/^2026-11-20T01:00:0/);
  });
});

describe('/list/ and /sms_list/', () => {
  it('lists sends newest first with paging (page, page_size, next_yn) over limit_day days back from start_date', async () => {
    sandbox.setClock('2026-11-18T09:00:00+09:00');
    const old = (await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: '18일 발송' })).msg_id;
    sandbox.setClock(SEOUL_10AM);
    const mids: unknown[] = [];
    for (let i = 0; i < 3; i++)
      mids.push((await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: `20일 ${i}` })).msg_id);

    const first = await sms('/list/', { page: '1', page_size: '2' });
    expect(first).toMatchObject({ result_code: '1', message: 'success', next_yn: 'Y' });
    expect((first.list as Json[]).map((item) => item.mid)).toEqual([mids[2], mids[1]]);
    expect((first.list as Json[])[0]).toEqual({
      mid: mids[2],
      type: 'SMS',
      sender: SENDER,
      sms_count: '1',
      reserve_state: '발송완료',
      msg: '20일 2',
      fail_count: '0',
      reg_date: '2026-11-20 10:00:00',
      reserve: '',
    });
    const second = await sms('/list/', { page: '2', page_size: '2' });
    expect((second.list as Json[]).map((item) => item.mid)).toEqual([mids[0], old]);
    expect(second.next_yn).toBe('N');

    const oneDay = await sms('/list/', { start_date: '20261120', limit_day: '1' });
    expect((oneDay.list as Json[]).map((item) => item.mid)).toEqual([mids[2], mids[1], mids[0]]);
    const the18th = await sms('/list/', { start_date: '20261118', limit_day: '1' });
    expect((the18th.list as Json[]).map((item) => item.mid)).toEqual([old]);
  });

  it('lists each recipient of a send with mdid, type, sender, receiver, sms_state and dates', async () => {
    sandbox.setClock(SEOUL_10AM);
    const answer = await sms('/send/', { sender: SENDER, receiver: '01011112222,999', msg: '안내' });
    const detail = await sms('/sms_list/', { mid: answer.msg_id as string, page_size: '10' });
    expect(detail).toEqual({
      result_code: '1',
      message: 'success',
      list: [
        {
          mdid: expect.stringMatching(/^\d+$/),
          type: 'SMS',
          sender: SENDER,
          receiver: '01011112222',
          sms_state: '발송완료',
          fail_reason: '',
          reg_date: '2026-11-20 10:00:00',
          send_date: '2026-11-20 10:00:00',
          reserve_date: '',
        },
        {
          mdid: expect.stringMatching(/^\d+$/),
          type: 'SMS',
          sender: SENDER,
          receiver: '999',
          sms_state: '발송실패',
          fail_reason: '수신번호 오류',
          reg_date: '2026-11-20 10:00:00',
          send_date: '',
          reserve_date: '',
        },
      ],
      next_yn: 'N',
    });
    expect((await sms('/sms_list/', {})).result_code).toBe('-102');
    expect((await sms('/sms_list/', { mid: '12345' })).list).toEqual([]);
  });
});

describe('delivery reports', () => {
  const recipients = async (mid: unknown) =>
    (await sms('/sms_list/', { mid: mid as string, page_size: '500' })).list as Json[];
  const failReasons: string[] = Object.values(CARRIER_FAILURES).map((failure) => failure.reason);

  it("shows each recipient as 전송중 until its report is due, then 발송완료 or 전송실패 with the carrier's reason", async () => {
    sandbox.setClock(SEOUL_10AM);
    sandbox.setDelivery({ delayMs: 60_000, outcomes: { '010-3333-4444': 'no_such_number' } });
    const mid = (await sms('/send/', { sender: SENDER, receiver: '01011112222,01033334444', msg: '오디션 안내' }))
      .msg_id;

    expect((await recipients(mid)).map((r) => [r.receiver, r.sms_state, r.fail_reason, r.send_date])).toEqual([
      ['01011112222', '전송중', '', ''],
      ['01033334444', '전송중', '', ''],
    ]);
    expect(
      sandbox
        .messages({ status: 'accepted' })
        .map((m) => [m.receiver, Date.parse(m.reportAt ?? '') - Date.parse(m.acceptedAt), m.resultCode]),
    ).toEqual([
      ['01011112222', 60_000, null],
      ['01033334444', 60_000, null],
    ]);
    expect(((await sms('/list/', {})).list as Json[])[0]).toMatchObject({ mid, fail_count: '0' });

    sandbox.advanceClock(55_000);
    expect((await recipients(mid)).map((r) => r.sms_state)).toEqual(['전송중', '전송중']);
    sandbox.advanceClock(5000);
    expect((await recipients(mid)).map((r) => [r.receiver, r.sms_state, r.fail_reason, r.send_date])).toEqual([
      ['01011112222', '발송완료', '', '2026-11-20 10:01:00'],
      ['01033334444', '전송실패', '결번', '2026-11-20 10:01:00'],
    ]);
    expect(((await sms('/list/', {})).list as Json[])[0]).toMatchObject({ mid, fail_count: '1' });
    expect(
      sandbox.messages().map((m) => [m.status, m.failReason, m.resultCode, m.deliveredAt?.slice(0, 19) ?? null]),
    ).toEqual([
      ['delivered', null, '0', '2026-11-20T01:01:00'],
      ['failed', '결번', '2', null],
    ]);
  });

  it('fails the configured share with realistic reasons after spread-out delays, the same seed giving the same results', async () => {
    const run = async (seed: number) => {
      await control('POST', '/sandbox/reset');
      sandbox.setClock(SEOUL_10AM);
      sandbox.setDelivery({ failureRate: 0.3, delayMs: 1000, jitterMs: 60_000, seed });
      await sms('/send/', { sender: SENDER, receiver: numbers(200).join(','), msg: '촬영 일정 안내' });
      sandbox.advanceClock(61_000);
      return sandbox
        .messages()
        .map(
          (m) => [m.receiver, m.status, m.failReason, Date.parse(m.reportAt ?? '') - Date.parse(m.acceptedAt)] as const,
        );
    };
    const first = await run(7);
    const failed = first.filter(([, status]) => status === 'failed');
    expect(failed.length).toBeGreaterThan(35);
    expect(failed.length).toBeLessThan(85);
    expect(first.every(([, status]) => status === 'delivered' || status === 'failed')).toBe(true);
    expect(failed.every(([, , reason]) => failReasons.includes(reason ?? ''))).toBe(true);
    expect(new Set(failed.map(([, , reason]) => reason)).size).toBeGreaterThanOrEqual(3);
    const delays = first.map(([, , , delay]) => delay);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(61_000);
    expect(new Set(delays).size).toBeGreaterThan(100);

    expect(await run(7)).toEqual(first);
    expect(await run(8)).not.toEqual(first);
  });

  it('weighs the reasons as asked, and a receiver sent to again gets a new draw', async () => {
    sandbox.setDelivery({ failureRate: 0.5, failureWeights: { spam_blocked: 1 }, seed: 3 });
    for (let i = 0; i < 4; i++)
      await sms('/send/', { sender: SENDER, receiver: numbers(20).join(','), msg: `안내 ${i}` });
    const failed = sandbox.messages({ status: 'failed' });
    expect(failed.length).toBeGreaterThan(20);
    expect(new Set(failed.map((m) => m.failReason))).toEqual(new Set(['스팸 차단']));
    const perReceiver = new Set(
      numbers(20).map((receiver) =>
        sandbox
          .messages({ receiver })
          .map((m) => m.status)
          .join(),
      ),
    );
    expect(perReceiver.size).toBeGreaterThan(1);
  });

  it('reports a reservation from its time, not from when it was taken', async () => {
    sandbox.setClock(SEOUL_10AM);
    sandbox.setDelivery({ delayMs: 30_000 });
    const mid = (
      await sms('/send/', {
        sender: SENDER,
        receiver: '01011112222',
        msg: '예약 안내',
        rdate: '20261120',
        rtime: '1030',
      })
    ).msg_id;
    sandbox.advanceClock(30 * 60_000);
    expect((await recipients(mid))[0]).toMatchObject({ sms_state: '전송중', send_date: '' });
    sandbox.advanceClock(30_000);
    expect((await recipients(mid))[0]).toMatchObject({
      sms_state: '발송완료',
      send_date: '2026-11-20 10:30:30',
      reserve_date: '2026-11-20 10:30',
    });
  });

  it('is set over HTTP under /sandbox/delivery, field by field, and refuses bad input with 400', async () => {
    const initial = await control('GET', '/sandbox/delivery');
    expect(initial.json).toMatchObject({
      failureRate: 0,
      delayMs: 0,
      jitterMs: 0,
      seed: expect.any(Number),
      outcomes: {},
    });
    const set = await control('PUT', '/sandbox/delivery', {
      failureRate: 0.1,
      delayMs: 5000,
      seed: 42,
      outcomes: { '010-1111-2222': 'opted_out' },
    });
    expect(set).toEqual({
      status: 200,
      json: expect.objectContaining({
        failureRate: 0.1,
        delayMs: 5000,
        seed: 42,
        outcomes: { '01011112222': 'opted_out' },
      }),
    });
    expect((await control('PUT', '/sandbox/delivery', { jitterMs: 1000 })).json).toMatchObject({
      failureRate: 0.1,
      delayMs: 5000,
      jitterMs: 1000,
      seed: 42,
    });
    expect((await control('GET', '/sandbox')).json.delivery).toMatchObject({ failureRate: 0.1, seed: 42 });

    for (const bad of [
      { failureRate: 2 },
      { delayMs: -1 },
      { seed: 'x' },
      { outcomes: { '01011112222': 'lost' } },
      { failureWeights: { other: 0 } },
      { failureWeights: { weather: 1 } },
      { speed: 1 },
      [1],
    ]) {
      const answer = await control('PUT', '/sandbox/delivery', bad);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toEqual(expect.any(String));
    }
    expect(() => sandbox.setDelivery({ failureRate: -0.5 })).toThrow('failureRate');

    await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: '안내' });
    const accepted = await control('GET', '/sandbox/messages?status=accepted');
    expect(accepted.json).toMatchObject({ total: 1, messages: [{ receiver: '01011112222', status: 'accepted' }] });
    sandbox.advanceClock(6000);
    expect((await control('GET', '/sandbox/messages?status=failed')).json).toMatchObject({
      total: 1,
      messages: [{ failReason: '수신거부', resultCode: '3' }],
    });

    await control('POST', '/sandbox/reset');
    expect((await control('GET', '/sandbox/delivery')).json).toMatchObject({
      failureRate: 0,
      delayMs: 0,
      outcomes: {},
    });
  });

  it('takes its model from the options, and reset goes back to it', async () => {
    const own = await startAligoSandbox({
      port: 0,
      delivery: { failureRate: 1, failureWeights: { unreachable: 1 }, seed: 1 },
    });
    try {
      const send = async () => {
        const body = new URLSearchParams({ ...AUTH, sender: SENDER, receiver: '01011112222', msg: '안내' });
        return (await (await fetch(`${own.url}/send/`, { method: 'POST', body })).json()) as Json;
      };
      expect((await send()).success_cnt).toBe(1);
      expect(own.messages().map((m) => [m.status, m.failReason])).toEqual([['failed', '전원 꺼짐/수신불가']]);
      own.setDelivery({ failureRate: 0 });
      own.reset();
      await send();
      expect(own.messages().map((m) => m.status)).toEqual(['failed']);
    } finally {
      await own.close();
    }
  });
});

describe('KakaoTalk history', () => {
  const history = (path: string, fields: Record<string, string>) =>
    post(path, new URLSearchParams({ ...KAKAO_AUTH, ...fields }));

  it('lists the KakaoTalk sends newest first with paging, from startdate to enddate (the last 7 days by default)', async () => {
    sandbox.setClock('2026-11-10T09:00:00+09:00');
    const old = (
      (await kakao('/akv10/friend/send/', { receiver_1: '01011112222', message_1: '10일 안내' })).info as Json
    ).mid;
    sandbox.setClock(SEOUL_10AM);
    const friend = (
      (
        await kakao('/akv10/friend/send/', {
          receiver_1: '01011112222',
          receiver_2: '01033334444',
          message_1: '20일 안내',
          message_2: '20일 안내',
        })
      ).info as Json
    ).mid;
    sandbox.advanceClock(60_000);
    const alim = (
      (await kakao('/akv10/alimtalk/send/', { tpl_code: 'TA_0001', receiver_1: '01011112222', message_1: '알림' }))
        .info as Json
    ).mid;
    await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: '문자는 여기 없음' });

    const recent = await history('/akv10/history/list/', {});
    expect(recent).toEqual({
      code: 0,
      message: '정상적으로 조회하였습니다.',
      list: [
        {
          mid: alim,
          type: 'AT',
          sender: SENDER,
          msg_count: '1',
          mbody: '알림',
          reserve_date: '',
          reserve_state: '발송완료',
          regdate: '2026-11-20 10:01:00',
        },
        {
          mid: friend,
          type: 'FT',
          sender: SENDER,
          msg_count: '2',
          mbody: '20일 안내',
          reserve_date: '',
          reserve_state: '발송완료',
          regdate: '2026-11-20 10:00:00',
        },
      ],
      currentPage: 1,
      totalPage: 1,
      totalCount: 2,
    });
    const paged = await history('/akv10/history/list/', {
      startdate: '20261101',
      enddate: '20261120',
      limit: '2',
      page: '2',
    });
    expect(paged).toMatchObject({ currentPage: 2, totalPage: 2, totalCount: 3 });
    expect((paged.list as Json[]).map((item) => item.mid)).toEqual([old]);
    expect(
      ((await history('/akv10/history/list/', { startdate: '20261110', enddate: '20261110' })).list as Json[]).map(
        (item) => item.mid,
      ),
    ).toEqual([old]);
    expect(await history('/akv10/history/list/', { startdate: '2026-11-10' })).toEqual({
      code: -99,
      message: '조회일자(startdate, enddate)는 YYYYMMDD 형식이어야 합니다.',
    });
    expect(
      (await post('/akv10/history/list/', new URLSearchParams({ userid: SANDBOX_USER_ID, apikey: 'nope' }))).code,
    ).toBe(-99);
  });

  it('details each message of a send: Q-prefixed and 전송중 until reported, then 완료 (rslt 0) or 실패 with rslt and rslt_message', async () => {
    sandbox.setClock(SEOUL_10AM);
    sandbox.setDelivery({ delayMs: 5000, outcomes: { '01022223333': 'unreachable' } });
    const fields: Record<string, string> = { failover: 'Y' };
    ['01011112222', '01022223333', SANDBOX_NON_KAKAO_RECEIVER].forEach((receiver, i) => {
      fields[`receiver_${i + 1}`] = receiver;
      fields[`message_${i + 1}`] = '캐스팅 안내';
    });
    const mid = String(((await kakao('/akv10/friend/send/', fields)).info as Json).mid);
    const detail = async () =>
      (await history('/akv10/history/detail/', { mid, limit: '10' })) as Json & { list: Json[] };

    const before = await detail();
    expect(before).toMatchObject({
      code: 0,
      message: '정상적으로 조회하였습니다.',
      currentPage: 1,
      totalPage: 1,
      totalCount: 3,
    });
    const failoverId = sandbox.messages({ mid, channel: 'sms' })[0].id;
    expect(
      before.list.map((item) => [item.phone, item.status, item.rslt, item.rslt_message, item.smid, item.fstatus]),
    ).toEqual([
      ['01011112222', '전송중', '', '', '', ''],
      ['01022223333', '전송중', '', '', '', ''],
      [SANDBOX_NON_KAKAO_RECEIVER, '실패', 'U', '카카오톡 미사용자이거나 채널 친구가 아닙니다.', failoverId, '전송중'],
    ]);
    expect(before.list[0]).toMatchObject({
      msgid: expect.stringMatching(/^Q\d+$/),
      type: 'FT',
      sender: SENDER,
      reqdate: '2026-11-20 10:00:00',
      sentdate: '2026-11-20 10:00:00',
      rsltdate: '',
      message: '캐스팅 안내',
    });

    sandbox.advanceClock(5000);
    const after = await detail();
    expect(
      after.list.map((item) => [item.phone, item.status, item.rslt, item.rslt_message, item.rsltdate, item.fstatus]),
    ).toEqual([
      ['01011112222', '완료', '0', '', '2026-11-20 10:00:05', ''],
      ['01022223333', '실패', '4', '전원 꺼짐/수신불가', '2026-11-20 10:00:05', ''],
      [
        SANDBOX_NON_KAKAO_RECEIVER,
        '실패',
        'U',
        '카카오톡 미사용자이거나 채널 친구가 아닙니다.',
        '2026-11-20 10:00:00',
        '발송완료',
      ],
    ]);
    expect(after.list[0].msgid).toMatch(/^\d+$/);

    expect((await history('/akv10/history/detail/', { mid, limit: '2', page: '2' })).list).toHaveLength(1);
    expect(await history('/akv10/history/detail/', {})).toEqual({
      code: -99,
      message: '메시지 ID(mid)가 입력되지 않았습니다.',
    });
    expect((await history('/akv10/history/detail/', { mid: '12345' })).list).toEqual([]);
    const smsMid = (await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: '문자' })).msg_id as string;
    expect((await history('/akv10/history/detail/', { mid: smsMid })).list).toEqual([]);
  });
});

describe('KakaoTalk API', () => {
  it('creates a token for the account, and refuses bad credentials and lifetimes with code -99', async () => {
    const created = await post('/akv10/token/create/30/s/', new URLSearchParams(KAKAO_AUTH));
    expect(created).toEqual({
      code: 0,
      message: '정상적으로 생성하였습니다.',
      token: expect.any(String),
      urlencode: expect.any(String),
    });
    expect(created.urlencode).toBe(encodeURIComponent(created.token as string));
    expect(
      await post('/akv10/token/create/30/s/', new URLSearchParams({ userid: SANDBOX_USER_ID, apikey: 'nope' })),
    ).toEqual({ code: -99, message: '등록되지 않은 인증키 입니다.' });
    expect(await post('/akv10/token/create/30/s/', new URLSearchParams({ apikey: SANDBOX_API_KEY }))).toEqual({
      code: -99,
      message: '계정 아이디(=userid) 파라메더 정보가 전달되지 않았습니다.',
    });
    expect((await post('/akv10/token/create/30/w/', new URLSearchParams(KAKAO_AUTH))).code).toBe(-99);
  });

  it('refuses a send without a valid token, or with an expired one', async () => {
    const send = {
      ...KAKAO_AUTH,
      senderkey: SANDBOX_SENDER_KEY,
      sender: SENDER,
      receiver_1: '01011112222',
      subject_1: '안내',
      message_1: '안녕하세요',
    };
    expect((await post('/akv10/friend/send/', new URLSearchParams({ ...send, token: 'forged' }))).code).toBe(-99);
    const token = ((await post('/akv10/token/create/1/i/', new URLSearchParams(KAKAO_AUTH))).token as string) ?? '';
    expect((await post('/akv10/friend/send/', new URLSearchParams({ ...send, token }))).code).toBe(0);
    sandbox.advanceClock(61_000);
    expect((await post('/akv10/friend/send/', new URLSearchParams({ ...send, token }))).code).toBe(-99);
  });

  it('sends friend talk to receiver_1..N and answers info {type, mid, current, unit, total, scnt, fcnt}', async () => {
    const answer = await kakao('/akv10/friend/send/', {
      receiver_1: '010-1111-2222',
      recvname_1: '홍길동',
      subject_1: '오디션',
      message_1: '홍길동님, 오디션에 합격하셨습니다 🎉',
      receiver_2: '01033334444',
      subject_2: '오디션',
      message_2: '김민지님, 오디션 결과 안내드립니다.',
      button_1:
        '{"button":[{"name":"일정 확인","linkType":"WL","linkM":"https://example.com","linkP":"https://example.com"}]}',
    });
    expect(answer).toEqual({
      code: 0,
      message: '성공적으로 전송요청 하였습니다.',
      info: { type: 'FT', mid: expect.any(Number), current: 99_999_973.6, unit: 13.2, total: 26.4, scnt: 2, fcnt: 0 },
    });
    const messages = sandbox.messages({ mid: String((answer.info as Json).mid) });
    expect(messages[0]).toMatchObject({
      channel: 'friendtalk',
      type: 'FT',
      receiver: '01011112222',
      name: '홍길동',
      title: '오디션',
      text: '홍길동님, 오디션에 합격하셨습니다 🎉',
      senderKey: SANDBOX_SENDER_KEY,
      status: 'delivered',
    });
    expect(messages[0].buttons).toContain('일정 확인');
  });

  it('fails a receiver KakaoTalk cannot reach over to SMS/LMS with fsubject_N and fmessage_N when failover is Y', async () => {
    const answer = await kakao('/akv10/friend/send/', {
      failover: 'Y',
      receiver_1: SANDBOX_NON_KAKAO_RECEIVER,
      subject_1: '안내',
      message_1: '카카오톡 안내입니다.',
      fsubject_1: '촬영 안내',
      fmessage_1: `문자로 대신 보냅니다. ${hangul(50)}`,
      receiver_2: '01011112222',
      subject_2: '안내',
      message_2: '카카오톡 안내입니다.',
      fmessage_2: '받지 못하면 문자',
    });
    expect(answer.info).toMatchObject({ scnt: 2, fcnt: 0 });
    const messages = sandbox.messages({ mid: String((answer.info as Json).mid) });
    expect(messages.map((m) => [m.channel, m.type, m.receiver, m.status])).toEqual([
      ['friendtalk', 'FT', SANDBOX_NON_KAKAO_RECEIVER, 'failed'],
      ['sms', 'LMS', SANDBOX_NON_KAKAO_RECEIVER, 'delivered'],
      ['friendtalk', 'FT', '01011112222', 'delivered'],
    ]);
    expect(messages[1]).toMatchObject({ title: '촬영 안내', sender: SENDER, failoverFor: messages[0].id });

    const withoutFailover = await kakao('/akv10/friend/send/', {
      receiver_1: SANDBOX_NON_KAKAO_RECEIVER,
      subject_1: '안내',
      message_1: '안녕하세요',
    });
    expect(sandbox.messages({ mid: String((withoutFailover.info as Json).mid) }).map((m) => m.status)).toEqual([
      'failed',
    ]);
  });

  it('sends an image friend talk (FI) from a multipart upload, and refuses non-images', async () => {
    const answer = await kakao(
      '/akv10/friend/send/',
      { receiver_1: '01011112222', subject_1: '프로필', message_1: '새 프로필 사진', image_url: 'https://example.com' },
      [{ field: 'image', name: 'card.png', type: 'image/png', data: PNG }],
    );
    expect(answer.info).toMatchObject({ type: 'FI', scnt: 1, unit: 19.8 });
    expect(sandbox.messages({ channel: 'friendtalk' })[0].images).toEqual([
      { field: 'image', filename: 'card.png', contentType: 'image/png', size: PNG.length },
    ]);
    const refused = await kakao('/akv10/friend/send/', { receiver_1: '01011112222', message_1: 'x' }, [
      { field: 'image', name: 'a.txt', type: 'text/plain', data: new Uint8Array([1, 2, 3]) },
    ]);
    expect(refused.code).toBe(-99);
  });

  it('sends AlimTalk with tpl_code (type AT), and refuses it without one', async () => {
    const answer = await kakao('/akv10/alimtalk/send/', {
      tpl_code: 'TK_1234',
      receiver_1: '01011112222',
      subject_1: '예약 확인',
      emtitle_1: '촬영 예약',
      message_1: '홍길동님의 촬영 예약이 확정되었습니다.',
    });
    expect(answer).toMatchObject({ code: 0, info: { type: 'AT', scnt: 1, fcnt: 0, unit: 6.5 } });
    expect(sandbox.messages({ channel: 'alimtalk' })[0]).toMatchObject({ templateCode: 'TK_1234', title: '촬영 예약' });
    expect(await kakao('/akv10/alimtalk/send/', { receiver_1: '01011112222', message_1: 'x' })).toEqual({
      code: -99,
      message: '템플릿 코드(tpl_code)가 입력되지 않았습니다.',
    });
  });

  it('counts bad receivers in fcnt and refuses an unknown sender key, an unregistered sender and over 500 receivers', async () => {
    const answer = await kakao('/akv10/friend/send/', {
      receiver_1: '01011112222',
      message_1: 'a',
      receiver_2: '12',
      message_2: 'b',
      receiver_3: '01033334444',
    });
    expect(answer.info).toMatchObject({ scnt: 1, fcnt: 2 });
    expect(
      (await kakao('/akv10/friend/send/', { senderkey: 'unknown', receiver_1: '01011112222', message_1: 'a' })).code,
    ).toBe(-99);
    expect(
      (await kakao('/akv10/friend/send/', { sender: '0311112222', receiver_1: '01011112222', message_1: 'a' })).message,
    ).toBe('등록/인증되지 않은 발신번호입니다.');
    const many = Object.fromEntries(
      numbers(501).flatMap((n, i) => [
        [`receiver_${i + 1}`, n],
        [`message_${i + 1}`, '안내'],
      ]),
    );
    expect((await kakao('/akv10/friend/send/', many)).code).toBe(-99);
  });
});

describe('faults', () => {
  const sendOnce = () =>
    sms('/send/', { sender: SENDER, receiver: '01011112222,01033334444,01055556666', msg: '장애 테스트' });

  it('answers an HTTP 5xx page (nothing recorded) the given number of times, then works again', async () => {
    sandbox.setFault({ kind: 'http_error', status: 503, path: '/send/', times: 2 });
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${sandbox.url}/send/`, {
        method: 'POST',
        body: new URLSearchParams({ ...AUTH, sender: SENDER, receiver: '01011112222', msg: 'x' }),
      });
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('503 Service Temporarily Unavailable');
    }
    expect(sandbox.messages()).toHaveLength(0);
    expect(sandbox.faults()).toHaveLength(0);
    expect((await sendOnce()).result_code).toBe('1');
  });

  it('answers a given result code without recording, on SMS paths as result_code and on KakaoTalk paths as code', async () => {
    sandbox.setFault({ kind: 'result_code', resultCode: '-201', path: '/send' });
    expect(await sendOnce()).toEqual({ result_code: '-201', message: SMS_RESULT_CODES['-201'] });
    sandbox.setFault({ kind: 'result_code', path: '/akv10/friend/send' });
    expect(await kakao('/akv10/friend/send/', { receiver_1: '01011112222', message_1: 'a' })).toEqual({
      code: -99,
      message: '포인트가 부족합니다.',
    });
    expect(sandbox.messages()).toHaveLength(0);
  });

  it('times out after accepting: the messages are recorded as delivered but the client never gets an answer', async () => {
    sandbox.setFault({ kind: 'timeout', path: '/send/', delayMs: 2000 });
    const started = Date.now();
    await expect(
      fetch(`${sandbox.url}/send/`, {
        method: 'POST',
        body: new URLSearchParams({ ...AUTH, sender: SENDER, receiver: '01011112222', msg: '타임아웃' }),
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(sandbox.messages().map((m) => [m.text, m.status])).toEqual([['타임아웃', 'delivered']]);

    // delayMs 0 drops the connection at once.
    sandbox.setFault({ kind: 'timeout', path: '/send/', delayMs: 0 });
    await expect(
      fetch(`${sandbox.url}/send/`, {
        method: 'POST',
        body: new URLSearchParams({ ...AUTH, sender: SENDER, receiver: '01011112222', msg: '끊김' }),
      }),
    ).rejects.toThrow();
    expect(sandbox.messages()).toHaveLength(2);
  });

  it('fails some recipients (partial failure): the last failCount, or the given receivers', async () => {
    sandbox.setFault({ kind: 'partial_failure', failCount: 2 });
    const answer = await sendOnce();
    expect(answer).toMatchObject({ result_code: '1', success_cnt: 1, error_cnt: 2 });
    expect(sandbox.messages({ mid: answer.msg_id as string }).map((m) => m.status)).toEqual([
      'delivered',
      'failed',
      'failed',
    ]);

    sandbox.setFault({ kind: 'partial_failure', failReceivers: ['010-3333-4444'] });
    const chosen = await sendOnce();
    expect(sandbox.messages({ mid: chosen.msg_id as string, status: 'failed' }).map((m) => m.receiver)).toEqual([
      '01033334444',
    ]);

    sandbox.setFault({ kind: 'partial_failure', path: '/akv10' });
    const talk = await kakao('/akv10/friend/send/', {
      receiver_1: '01011112222',
      message_1: 'a',
      receiver_2: '01033334444',
      message_2: 'b',
    });
    expect(talk.info).toMatchObject({ scnt: 1, fcnt: 1 });
  });

  it('leaves the KakaoTalk token a client takes before each send to faults that name it: /akv10 aims at the sends', async () => {
    sandbox.setFault({ kind: 'http_error', status: 502, path: '/akv10', times: 2 });
    for (let i = 0; i < 2; i++) {
      const token = await kakaoToken();
      const body = new URLSearchParams({
        ...KAKAO_AUTH,
        token,
        senderkey: SANDBOX_SENDER_KEY,
        sender: SENDER,
        receiver_1: '01011112222',
        message_1: '안내',
      });
      expect((await fetch(`${sandbox.url}/akv10/friend/send/`, { method: 'POST', body })).status).toBe(502);
    }
    expect(sandbox.faults()).toEqual([]);
    expect(await kakao('/akv10/friend/send/', { receiver_1: '01011112222', message_1: '안내' })).toMatchObject({
      code: 0,
    });

    sandbox.setFault({ kind: 'result_code', path: '/akv10/token' });
    expect(await post('/akv10/token/create/30/s/', new URLSearchParams(KAKAO_AUTH))).toEqual({
      code: -99,
      message: '포인트가 부족합니다.',
    });
    expect(sandbox.faults()).toEqual([]);
  });

  it('answers slowly, and stays until cleared with times 0', async () => {
    // A second of delay, so that a call it does not slow stands apart even on a busy machine.
    sandbox.setFault({ kind: 'slow', delayMs: 1000, times: 0, path: '/remain' });
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      expect((await remain()).SMS_CNT).toBeGreaterThan(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    }
    const started = Date.now();
    await sendOnce();
    expect(Date.now() - started).toBeLessThan(700);
    expect(sandbox.faults()).toHaveLength(1);
    sandbox.clearFaults();
    expect(sandbox.faults()).toHaveLength(0);
  });

  it('is controlled over HTTP: POST, GET and DELETE /sandbox/faults, aimed at one path', async () => {
    const created = await control('POST', '/sandbox/faults', {
      kind: 'result_code',
      resultCode: -999,
      message: '점검중',
      path: '/send_mass/',
    });
    expect(created.status).toBe(201);
    expect((created.json.fault as Fault).path).toBe('/send_mass');
    expect((await control('GET', '/sandbox/faults')).json).toHaveLength(1);
    expect((await sendOnce()).result_code).toBe('1');
    expect(
      await sms('/send_mass/', { sender: SENDER, msg_type: 'SMS', cnt: '1', rec_1: '01011112222', msg_1: 'a' }),
    ).toEqual({ result_code: '-999', message: '점검중' });

    const second = await control('POST', '/sandbox/faults', { kind: 'http_error', times: 0 });
    expect((await control('DELETE', `/sandbox/faults/${second.json.id as string}`)).json).toEqual({ deleted: 1 });
    expect((await control('POST', '/sandbox/faults', { kind: 'explode' })).status).toBe(400);
    expect((await control('POST', '/sandbox/faults', { kind: 'http_error', status: 200 })).status).toBe(400);
    await control('POST', '/sandbox/faults', { kind: 'slow' });
    expect((await control('DELETE', '/sandbox/faults')).json).toEqual({ deleted: 1 });
  });
});

describe('inspection over HTTP', () => {
  it('lists messages with filters and paging, sends, one send with its messages, and forgets them', async () => {
    const first = await sms('/send/', { sender: SENDER, receiver: '01011112222,01033334444', msg: '첫 번째' });
    await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: '두 번째', testmode_yn: 'Y' });

    const all = await control('GET', '/sandbox/messages');
    expect(all.json.total).toBe(3);
    const toHong = await control('GET', '/sandbox/messages?receiver=010-1111-2222&limit=1&offset=1');
    expect(toHong.json.total).toBe(2);
    expect((toHong.json.messages as SandboxMessage[]).map((m) => m.text)).toEqual(['두 번째']);
    expect((await control('GET', '/sandbox/messages?testMode=true')).json.total).toBe(1);
    expect((await control('GET', '/sandbox/messages?status=bogus')).status).toBe(400);

    const sends = await control('GET', '/sandbox/sends?channel=sms');
    expect((sends.json.sends as SandboxSend[]).map((s) => [s.path, s.requested, s.successCount, s.state])).toEqual([
      ['/send', 2, 2, 'sent'],
      ['/send', 1, 1, 'test'],
    ]);
    const one = await control('GET', `/sandbox/sends/${first.msg_id as string}`);
    expect(one.json).toMatchObject({ mid: first.msg_id, messageCount: 2 });
    expect((one.json.messages as SandboxMessage[]).map((m) => m.receiver)).toEqual(['01011112222', '01033334444']);
    expect((await control('GET', '/sandbox/sends/1')).status).toBe(404);

    const summary = await control('GET', '/sandbox');
    expect(summary.json).toMatchObject({ sends: 2, nonKakaoReceivers: [SANDBOX_NON_KAKAO_RECEIVER] });
    expect((summary.json.accounts as { userId: string }[])[0].userId).toBe(SANDBOX_USER_ID);

    expect((await control('DELETE', '/sandbox/messages')).json).toEqual({ deleted: 3 });
    expect(sandbox.messages()).toHaveLength(0);
  });

  it('sets accounts and receivers KakaoTalk cannot reach over HTTP', async () => {
    const account = await control('POST', '/sandbox/accounts', {
      userId: 'agency2',
      key: 'k2',
      senders: ['070-1234-5678'],
      senderKeys: ['sk2'],
      points: 1000,
    });
    expect(account.json).toEqual({
      userId: 'agency2',
      key: 'k2',
      senders: ['07012345678'],
      senderKeys: ['sk2'],
      points: 1000,
    });
    const sent = await post(
      '/send/',
      new URLSearchParams({
        user_id: 'agency2',
        key: 'k2',
        sender: '07012345678',
        receiver: '01011112222',
        msg: '다른 계정',
      }),
    );
    expect(sent.result_code).toBe('1');
    expect(sandbox.messages({ userId: 'agency2' })).toHaveLength(1);
    expect((await control('POST', '/sandbox/accounts', { userId: 'x' })).status).toBe(400);

    expect((await control('PUT', '/sandbox/non-kakao-receivers', { numbers: ['010-1111-2222'] })).json).toEqual({
      numbers: ['01011112222'],
    });
    const talk = await kakao('/akv10/friend/send/', { receiver_1: '01011112222', message_1: '안녕하세요' });
    expect(sandbox.messages({ mid: String((talk.info as Json).mid) })[0].status).toBe('failed');
  });

  it('counts its own intake: requests, sends, messages accepted, their rate and a per-second histogram', async () => {
    const batches = 20;
    const perBatch = 100;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: batches }, (_, b) =>
        sms('/send/', { sender: SENDER, receiver: numbers(perBatch, b * perBatch).join(','), msg: `배치 ${b}` }),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    await sms('/send/', { sender: SENDER, receiver: '01011112222,1', msg: '마지막' });
    await remain();

    const stats = (await control('GET', '/sandbox/stats')).json as unknown as IntakeStats;
    expect(stats).toMatchObject({
      requests: batches + 2,
      sends: batches + 1,
      messagesAccepted: batches * perBatch + 1,
    });
    expect(stats.perSecond.reduce((sum, s) => sum + s.messages, 0)).toBe(batches * perBatch + 1);
    expect(stats.messagesPerSecond === null || stats.messagesPerSecond > 0).toBe(true);
    expect(Date.parse(stats.lastAcceptedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(stats.firstAcceptedAt ?? ''));
    // Lean enough that 2,000 recipients over 20 requests take well under a second.
    expect((batches * perBatch) / elapsed).toBeGreaterThan(2000);
    expect(sandbox.stats()).toEqual(stats);
  });

  it('keeps at most maxMessages, forgetting the oldest sends while the counters go on', async () => {
    const small = await startAligoSandbox({ maxMessages: 10 });
    try {
      for (let i = 0; i < 6; i++) {
        await fetch(`${small.url}/send/`, {
          method: 'POST',
          body: new URLSearchParams({ ...AUTH, sender: SENDER, receiver: numbers(3, i * 3).join(','), msg: `${i}` }),
        });
      }
      expect(small.messages().length).toBeLessThanOrEqual(10);
      expect(small.messages().at(-1)?.text).toBe('5');
      expect(small.stats().messagesAccepted).toBe(18);
    } finally {
      await small.close();
    }
  });

  it('answers unknown gateway paths with 404 and resets to the options', async () => {
    expect((await fetch(`${sandbox.url}/nope/`, { method: 'POST' })).status).toBe(404);
    await sms('/send/', { sender: SENDER, receiver: '01011112222', msg: 'a' });
    sandbox.setFault({ kind: 'slow', times: 0 });
    sandbox.advanceClock(3_600_000);
    sandbox.reset();
    expect(Math.abs(sandbox.now().getTime() - Date.now())).toBeLessThan(1000);
    expect(sandbox.faults()).toHaveLength(0);
    expect(sandbox.messages()).toHaveLength(0);
    expect(sandbox.stats().requests).toBe(0);
  });
});

describe('CLI', () => {
  it('prints its address, serves the seeded account with the delivery model asked for and stops cleanly on SIGINT', async () => {
    const main = fileURLToPath(new URL('./aligo/main.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        main,
        '--port',
        '0',
        '--quiet',
        '--senders',
        '0299998888',
        '--failure-rate',
        '1',
        '--report-delay-ms',
        '5000',
        '--seed',
        '9',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Aligo sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) resolve(match[1]);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    const answer = await fetch(`${url}/send/`, {
      method: 'POST',
      body: new URLSearchParams({ ...AUTH, sender: '02-9999-8888', receiver: '01011112222', msg: '안녕하세요' }),
    });
    expect(await answer.json()).toMatchObject({ result_code: '1', success_cnt: 1 });
    expect(await (await fetch(`${url}/sandbox/delivery`)).json()).toMatchObject({
      failureRate: 1,
      delayMs: 5000,
      jitterMs: 0,
      seed: 9,
    });
    expect(await (await fetch(`${url}/sandbox/messages`)).json()).toMatchObject({
      total: 1,
      messages: [{ status: 'accepted' }],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
