import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type AligoSandbox, SANDBOX_ACCOUNT, SANDBOX_API_KEY } from '../../infra/sandbox/aligo/server.ts';
import { getQueueToken } from '@nestjs/bullmq';
import { type Queue, UnrecoverableError, Worker } from 'bullmq';
import { DispatchInterrupted, MessageDispatchService } from '../src/modules/messaging/message-dispatch.service.js';
import { MessageSendsService } from '../src/modules/messaging/message-sends.service.js';
import { QueueName } from '../src/platform/queue/queue-names.js';
import { type MessagingTestApp, startMessagingApp } from './support/messaging-app.js';
import { bearer, eventually, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';
const SENDER = '01098765432';
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface SendView {
  id: number;
  state: string;
  total: number;
  counts: Record<'queued' | 'sending' | 'sent' | 'failed' | 'unknown' | 'cancelled', number>;
  error: string | null;
}

describe('messaging (sender numbers, templates, sends through the Aligo sandbox)', () => {
  let m: MessagingTestApp;
  let sandbox: AligoSandbox;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    m = await startMessagingApp({ ALIGO_TIMEOUT_MS: '1000' });
    ({ sandbox, t, token } = m);
  });
  afterAll(() => m?.close());
  beforeEach(() => {
    sandbox.clearMessages();
    sandbox.clearFaults();
  });
  afterEach(() => m.resetClocks());

  const startWorker = () => m.startWorker();
  const stopWorker = () => m.stopWorker();
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    m.call(method, path, payload);
  const upload = (files: { name: string; bytes: Buffer }[]) => {
    const boundary = 'jc-boundary';
    const body = Buffer.concat([
      ...files.flatMap(({ name, bytes }) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        bytes,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return t.request({
      method: 'POST',
      url: `${API}/message-files`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };

  const send = async (body: Record<string, unknown>): Promise<SendView> => {
    const response = await call('POST', 'message-sends', body);
    if (response.statusCode !== 202) throw new Error(`send: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const finished = async (id: number, withinMs = 15_000): Promise<SendView> => {
    let last!: SendView;
    await eventually(async () => {
      last = (await call('GET', `message-sends/${id}`)).json();
      expect(['completed', 'failed', 'cancelled']).toContain(last.state);
    }, withinMs);
    return last;
  };
  const recipients = (count: number, text: (i: number) => string, from = 0) =>
    Array.from({ length: count }, (_, i) => ({
      phone: `010-${String(2000 + ((from + i) % 8000)).padStart(4, '0')}-${String(from + i)
        .padStart(4, '0')
        .slice(-4)}`,
      name: `배우 ${from + i}`,
      text: text(from + i),
    }));
  /** Korean time on a fixed day, for the rules that depend on the hour. */
  /** The API's clock and the worker's: the hour rules are checked when a send is made and before each call. */
  const clocks = () => m.clocks();
  const atKoreanHour = (hour: number) => {
    const at = new Date(Date.UTC(2026, 10, 25, hour) - 9 * 3600_000);
    for (const context of clocks()) context.now = () => at;
  };

  describe('sender numbers', () => {
    it('keeps digits, shows the key only masked, and keeps exactly one default', async () => {
      const second = await call('POST', 'user-phone-numbers', {
        phone: '02-1234-5678',
        name: '사무실',
        apiKey: SANDBOX_API_KEY,
      });
      expect(second.statusCode).toBe(201);
      expect(second.json()).toMatchObject({
        phone: '0212345678',
        name: '사무실',
        apiKey: `********${SANDBOX_API_KEY.slice(-4)}`,
        isSelected: false,
      });
      const list = (await call('GET', 'user-phone-numbers')).json<
        { id: number; phone: string; apiKey: string; isSelected: boolean }[]
      >();
      expect(list.map((entry) => [entry.phone, entry.isSelected])).toEqual([
        [SENDER, true],
        ['0212345678', false],
      ]);
      expect(JSON.stringify(list)).not.toContain(SANDBOX_API_KEY);

      expect((await call('PUT', `user-phone-numbers/${second.json().id}`, { isDefault: true })).statusCode).toBe(200);
      expect((await call('GET', 'user-phone-numbers/get/isSelected')).json()).toMatchObject({
        phone: '0212345678',
        isSelected: true,
      });
      const defaults = (await call('GET', 'user-phone-numbers'))
        .json<{ isSelected: boolean }[]>()
        .filter((entry) => entry.isSelected);
      expect(defaults).toHaveLength(1);

      // Deleting the default hands it to the oldest number left.
      expect((await call('DELETE', `user-phone-numbers/${second.json().id}`)).statusCode).toBe(204);
      expect((await call('GET', 'user-phone-numbers/get/isSelected')).json()).toMatchObject({
        phone: SENDER,
        isSelected: true,
      });
    });

    it('refuses a missing field, a number registered twice and an eleventh number', async () => {
      const missing = await call('POST', 'user-phone-numbers', { phone: '', apiKey: 'x' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Please fill in all required fields');
      expect(
        (await call('POST', 'user-phone-numbers', { phone: '010-9876-5432', apiKey: SANDBOX_API_KEY })).statusCode,
      ).toBe(409);
      const added: number[] = [];
      for (let i = 0; i < 9; i++) {
        const response = await call('POST', 'user-phone-numbers', { phone: `0101111000${i}`, apiKey: SANDBOX_API_KEY });
        expect(response.statusCode).toBe(201);
        added.push(response.json().id);
      }
      const eleventh = await call('POST', 'user-phone-numbers', { phone: '01011119999', apiKey: SANDBOX_API_KEY });
      expect(eleventh.statusCode).toBe(400);
      expect(eleventh.json().message).toMatch(/Maximum registered numbers: 10/);
      for (const id of added) expect((await call('DELETE', `user-phone-numbers/${id}`)).statusCode).toBe(204);
    });

    it("refuses a key the gateway does not accept when the number is registered, as the gateway's remain says", async () => {
      const wrong = await call('POST', 'user-phone-numbers', {
        phone: '010-5555-6666',
        name: '잘못된 키',
        apiKey: 'not-the-key',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(
        "The gateway did not accept the sender number's API key. Check the key in the Phone Number Manager. (-101 인증오류입니다.)",
      );
      expect(
        (await call('GET', 'user-phone-numbers')).json<{ phone: string }[]>().map((entry) => entry.phone),
      ).not.toContain('01055556666');
    });
  });

  describe('message templates and pictures', () => {
    it('stores pictures by their bytes, keeps the folder, refuses anything else, and serves them back', async () => {
      const uploaded = await upload([{ name: '프로필/front.png', bytes: PNG }]);
      expect(uploaded.statusCode).toBe(201);
      const [file] = uploaded.json<{ files: { id: string; name: string; folder: string; mimeType: string }[] }>().files;
      expect(file).toMatchObject({ name: 'front.png', folder: '프로필', mimeType: 'image/png' });
      const served = await call('GET', `message-files/${file.id}`);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const pdf = await upload([{ name: 'card.jpg', bytes: Buffer.from('%PDF-1.7 not a picture') }]);
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().message).toBe('card.jpg is not a JPEG, PNG or GIF image.');

      // A NUL in a file name would fail in the database: it is refused by name before anything is stored.
      const nul = await upload([{ name: 'front\u0000.png', bytes: PNG }]);
      expect(nul.statusCode).toBe(400);
      expect(nul.json().details.validation).toEqual([
        { path: 'files', message: 'files must not contain NUL characters' },
      ]);
    });

    it('adds, updates and deletes templates with the spec messages, and holds the picture limits', async () => {
      expect((await call('POST', 'message-templates', { title: ' ', message: 'x' })).json().message).toBe(
        '템플릿 제목을 입력해주세요.',
      );
      expect((await call('POST', 'message-templates', { title: '안내', message: '  ' })).json().message).toBe(
        '메시지 내용을 입력해주세요.',
      );

      const pictures = await upload(Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG })));
      const ids = pictures.json<{ files: { id: string }[] }>().files.map((file) => file.id);
      const tooMany = await call('POST', 'message-templates', {
        title: '안내',
        message: '내용',
        fileType: '개별',
        files: ids,
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe('개별 모드에서는 최대 10개의 파일만 선택할 수 있습니다.');
      const folders = await upload(['a', 'b', 'c'].map((folder) => ({ name: `${folder}/front.png`, bytes: PNG })));
      const threeFolders = await call('POST', 'message-templates', {
        title: '안내',
        message: '내용',
        fileType: '묶음',
        files: folders.json<{ files: { id: string }[] }>().files.map((file) => file.id),
      });
      expect(threeFolders.statusCode).toBe(400);
      expect(threeFolders.json().message).toBe('묶음 모드에서는 최대 2개의 폴더만 선택할 수 있습니다.');

      const created = await call('POST', 'message-templates', {
        id: '1764054000000',
        title: '오디션 안내',
        message: '{{Name}}님, 내일 오디션입니다.',
        fileType: '묶음',
        files: ids.slice(0, 2),
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        message: '새 템플릿이 추가되었습니다.',
        template: { id: '1764054000000', fileType: '묶음', files: ids.slice(0, 2) },
      });
      const updated = await call('PUT', 'message-templates/1764054000000', {
        title: '오디션 안내 (수정)',
        message: '변경',
        fileType: '개별',
        files: [],
      });
      expect(updated.json()).toMatchObject({
        message: '템플릿이 수정되었습니다.',
        template: { title: '오디션 안내 (수정)', fileType: '개별', files: [] },
      });
      const list = (await call('GET', 'message-templates')).json<{ templates: { id: string; title: string }[] }>()
        .templates;
      expect(list.map((template) => template.title)).toContain('오디션 안내 (수정)');
      expect((await call('DELETE', 'message-templates/1764054000000')).statusCode).toBe(204);
      expect((await call('DELETE', 'message-templates/1764054000000')).statusCode).toBe(404);
    });
  });

  describe('sends', () => {
    it('hands 1,200 personalised texts to the gateway in 3 send_mass calls, each recipient once', async () => {
      const created = await send({
        sender: SENDER,
        recipients: recipients(1200, (i) => `안녕하세요 배우 ${i}님, 내일 10시 오디션입니다.`),
      });
      // Answered as it is once queued: the worker may already have taken it.
      expect(created).toMatchObject({ state: expect.stringMatching(/^(queued|sending|completed)$/), total: 1200 });
      const done = await finished(created.id);
      expect(done).toMatchObject({ state: 'completed', counts: { sent: 1200, failed: 0, unknown: 0 } });
      const calls = sandbox.sends();
      expect(calls.map((s) => [s.path, s.messageCount]).sort()).toEqual([
        ['/send_mass', 200],
        ['/send_mass', 500],
        ['/send_mass', 500],
      ]);
      const messages = sandbox.messages();
      expect(messages).toHaveLength(1200);
      expect(new Set(messages.map((m) => m.receiver)).size).toBe(1200);
      expect(messages.find((m) => m.receiver === '01020070007')?.text).toBe(
        '안녕하세요 배우 7님, 내일 10시 오디션입니다.',
      );
    });

    it('sends a request repeated under its Idempotency-Key once, and refuses the key for another request', async () => {
      const post = (key: string, body: Record<string, unknown>) =>
        t.request({
          method: 'POST',
          url: `${API}/message-sends`,
          headers: { ...bearer(token), 'idempotency-key': key },
          payload: body,
        });
      const body = { sender: SENDER, recipients: recipients(3, (i) => `한 번만 ${i}`, 300) };
      const key = 'send-once-7f3a9c21';
      const [first, again] = await Promise.all([post(key, body), post(key, body)]);
      expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
      expect(again.json<SendView>().id).toBe(first.json<SendView>().id);
      expect((await finished(first.json<SendView>().id)).counts.sent).toBe(3);
      const later = await post(key, body);
      expect(later.json<SendView>()).toMatchObject({ id: first.json<SendView>().id, state: 'completed' });
      expect(sandbox.messages()).toHaveLength(3);
      const other = await post(key, { ...body, recipients: recipients(3, (i) => `다른 ${i}`, 300) });
      expect(other.statusCode).toBe(422);
      expect(other.json<{ message: string }>().message).toBe('This Idempotency-Key was used for a different send.');
      expect((await post('short', body)).statusCode).toBe(400);
      expect(sandbox.messages()).toHaveLength(3);
    });

    it('sends one text with one send call, as an LMS when it is long, and an MMS of at most 3 pictures', async () => {
      const long = `${'가'.repeat(46)}`;
      const done = await finished((await send({ recipients: recipients(3, () => long) })).id);
      expect(done.counts.sent).toBe(3);
      expect(sandbox.sends().map((s) => [s.path, s.type, s.messageCount])).toEqual([['/send', 'LMS', 3]]);

      sandbox.clearMessages();
      const pictures = (await upload(Array.from({ length: 4 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG }))))
        .json<{ files: { id: string }[] }>()
        .files.map((file) => file.id);
      const mms = await finished(
        (
          await send({
            recipients: [{ phone: '01011112222', text: '프로필 사진입니다', files: pictures, fileType: '개별' }],
          })
        ).id,
      );
      // Four pictures: an MMS with the text and three, then one numbered for the fourth.
      expect(mms).toMatchObject({ total: 2, counts: { sent: 2 } });
      expect(
        sandbox
          .messages()
          .map((m) => [m.type, m.text, m.images.length])
          .sort(),
      ).toEqual([
        ['MMS', '(2/2)', 1],
        ['MMS', '프로필 사진입니다', 3],
      ]);

      // Texts of their own go by send_mass, with all three pictures.
      sandbox.clearMessages();
      const own = await finished(
        (
          await send({
            recipients: recipients(2, (i) => `배우 ${i}님 프로필`, 700).map((r) => ({
              ...r,
              files: pictures.slice(0, 3),
              fileType: '개별',
            })),
          })
        ).id,
      );
      expect(own.counts.sent).toBe(2);
      expect(sandbox.messages().map((m) => [m.type, m.text, m.images.length])).toEqual([
        ['MMS', '배우 700님 프로필', 3],
        ['MMS', '배우 701님 프로필', 3],
      ]);
      expect(sandbox.sends().map((s) => s.path)).toEqual(['/send_mass']);
    });

    it('keeps the bulk rule of 2 to 500 recipients and answers with the counts', async () => {
      // One number written twice is one recipient.
      const one = await call('POST', 'aligo/send-mass-sms', {
        sender: SENDER,
        recipients: ['01011112222', '010-1111-2222'],
        message: '안내',
        senderInfo: {},
      });
      expect(one.statusCode).toBe(400);
      expect(one.json().message).toBe('Bulk sending is only available for 2 or more recipients.');
      const many = await call('POST', 'aligo/send-mass-sms', {
        sender: SENDER,
        recipients: Array.from({ length: 501 }, (_, i) => `010${String(30000000 + i)}`),
        message: '안내',
      });
      expect(many.statusCode).toBe(400);
      expect(many.json().message).toBe('Bulk sending is limited to a maximum of 500 recipients.');
      const two = await call('POST', 'aligo/send-mass-sms', {
        sender: SENDER,
        recipients: ['010-1111-2222', '010-3333-4444'],
        message: '촬영 일정 안내',
        senderInfo: { phone: SENDER },
      });
      expect(two.statusCode).toBe(200);
      expect(two.json()).toMatchObject({
        success: true,
        data: { success_cnt: 2, error_cnt: 0 },
        message: 'Sending completed.',
        error: null,
      });
      expect(
        sandbox
          .messages()
          .map((m) => m.receiver)
          .sort(),
      ).toEqual(['01011112222', '01033334444']);
    });

    it('refuses an emoji, a send to no mobile number, and a time in the past, before anything is recorded', async () => {
      const emoji = await call('POST', 'message-sends', {
        recipients: [{ phone: '01011112222', text: '축하해요 🎉' }],
      });
      expect(emoji.statusCode).toBe(400);
      expect(emoji.json().message).toBe(
        'Recipient 1 (01011112222): The message has characters a text message cannot carry: 🎉',
      );
      const phone = await call('POST', 'message-sends', { recipients: [{ phone: '12', text: '안내' }] });
      expect(phone.statusCode).toBe(400);
      expect(phone.json().message).toBe('Every recipient is left out, so nothing was sent: 1 not a mobile number.');
      // A text reaches mobiles only: a landline or a representative number is left out, a +82 mobile taken.
      const numbers = await call('POST', 'message-sends/preview', {
        recipients: ['02-1234-5678', '1588-1234', '+82 10-1234-5678'].map((phone) => ({ phone, text: '안내' })),
      });
      expect(numbers.json()).toMatchObject({
        messages: [{ phone: '01012345678' }],
        excluded: [
          { phone: '02-1234-5678', reason: 'not-mobile' },
          { phone: '1588-1234', reason: 'not-mobile' },
        ],
      });
      const shapeless = await call('POST', 'message-sends', {
        recipients: [{ phone: 1234, text: '안내' }, { phone: '01011112222' }],
      });
      expect(shapeless.statusCode).toBe(400);
      expect(shapeless.json().details.validation).toEqual([
        { path: 'recipients.0.phone', message: 'phone must be a string of at most 40 characters' },
        { path: 'recipients.1.text', message: 'text must be a string of at most 20000 characters' },
      ]);
      const past = await call('POST', 'message-sends', {
        scheduledAt: new Date(Date.now() - 60_000).toISOString(),
        recipients: [{ phone: '01011112222', text: '안내' }],
      });
      expect(past.json().message).toBe('The scheduled time has already passed. Please choose a later time.');
      expect(sandbox.messages()).toHaveLength(0);
    });

    it('fires a scheduled send on time across a worker restart, and cancels another before its time', async () => {
      const at = new Date(Date.now() + 2500);
      const scheduled = await send({ scheduledAt: at.toISOString(), recipients: recipients(2, (i) => `예약 ${i}`) });
      const cancelled = await send({
        scheduledAt: new Date(Date.now() + 3000).toISOString(),
        recipients: recipients(2, (i) => `취소 ${i}`, 50),
      });
      expect(scheduled.state).toBe('scheduled');
      await stopWorker();
      const cancel = await call('POST', `message-sends/${cancelled.id}/cancel`);
      expect(cancel.json()).toMatchObject({ state: 'cancelled', counts: { cancelled: 2 } });
      await startWorker();
      const done = await finished(scheduled.id, 10_000);
      expect(done.counts.sent).toBe(2);
      // Past the cancelled send's time too: it never goes.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() + 1500 - Date.now())));
      const messages = sandbox.messages();
      expect(messages.map((m) => m.text).sort()).toEqual(['예약 0', '예약 1']);
      expect(new Date(messages[0].acceptedAt).getTime()).toBeGreaterThanOrEqual(at.getTime() - 50);
      // A send that started can no longer be cancelled.
      expect((await call('POST', `message-sends/${scheduled.id}/cancel`)).statusCode).toBe(409);
    });

    it('looks up a call whose answer never came instead of sending it again', async () => {
      sandbox.setFault({ kind: 'timeout', path: '/send_mass', delayMs: 3000 });
      const created = await send({ recipients: recipients(5, (i) => `타임아웃 ${i}`, 100) });
      const done = await finished(created.id, 30_000);
      expect(done).toMatchObject({ state: 'completed', counts: { sent: 5, unknown: 0 } });
      expect(sandbox.messages()).toHaveLength(5);
      expect(sandbox.sends()).toHaveLength(1);
    }, 40_000);

    it('finds a lost picture message in the gateway records although they hold its line breaks as CRLF', async () => {
      // A picture goes as multipart, which carries each line break of the text as CRLF; the gateway keeps that.
      const [picture] = (await upload([{ name: 'p.png', bytes: PNG }]))
        .json<{ files: { id: string }[] }>()
        .files.map((file) => file.id);
      sandbox.setFault({ kind: 'timeout', path: '/send', delayMs: 3000 });
      const text = '내일 오디션 안내\n10시, 2층 스튜디오\n프로필 사진을 확인해 주세요';
      const created = await send({
        recipients: ['01031110001', '01031110002'].map((phone) => ({
          phone,
          text,
          files: [picture],
          fileType: '묶음',
        })),
      });
      const done = await finished(created.id, 30_000);
      expect(done).toMatchObject({ state: 'completed', counts: { sent: 2, unknown: 0 } });
      expect(sandbox.faults()).toEqual([]);
      expect(sandbox.sends().map((s) => [s.path, s.type, s.msg])).toEqual([
        ['/send', 'MMS', text.replaceAll('\n', '\r\n')],
      ]);
      expect(sandbox.messages()).toHaveLength(2);
    }, 40_000);

    it('sends again a call that the gateway records show never arrived', async () => {
      // A 5xx says nothing of the call: the gateway's records do (here, that it never arrived).
      sandbox.setFault({ kind: 'http_error', path: '/send_mass', status: 502 });
      const created = await send({ recipients: recipients(5, (i) => `재전송 ${i}`, 150) });
      const done = await finished(created.id, 30_000);
      expect(done).toMatchObject({ state: 'completed', counts: { sent: 5, sending: 0, queued: 0 } });
      expect(sandbox.sends()).toHaveLength(1);
      expect(new Set(sandbox.messages().map((m) => m.receiver)).size).toBe(5);
      const deliveries = (await call('GET', `message-sends/${created.id}/deliveries`)).json<{
        data: { status: string; mid: string | null; error: string | null }[];
      }>().data;
      expect(
        deliveries.every(
          (delivery) =>
            delivery.status === 'sent' && delivery.mid === sandbox.sends()[0].mid && delivery.error === null,
        ),
      ).toBe(true);
    }, 40_000);

    it('finishes the send of a worker killed during a gateway call, each recipient once', async () => {
      await stopWorker();
      // A worker process of its own, one call at a time, killed while the gateway holds its first call (which the
      // gateway has taken).
      sandbox.setFault({ kind: 'timeout', path: '/send_mass', delayMs: 20_000 });
      const env = Object.fromEntries(
        Object.entries({ ...t.config, ALIGO_TIMEOUT_MS: 30_000, MESSAGE_SEND_CONCURRENCY: 1 })
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      const child = spawn(process.execPath, ['dist/worker.js'], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      try {
        await send({ recipients: recipients(700, (i) => `재시작 ${i}`, 200) });
        await eventually(async () => expect(sandbox.messages()).toHaveLength(500), 15_000);
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
      const [{ id }] = (await call('GET', 'message-sends?pageSize=1')).json<{ data: SendView[] }>().data;
      // The second call was marked as sending while the first was on its way, but never left.
      expect((await call('GET', `message-sends/${id}`)).json()).toMatchObject({
        state: 'sending',
        counts: { sending: 700, queued: 0 },
      });
      // The job stays with the dead worker until its lock runs out; the next run (here, at once) looks the call up.
      sandbox.clearFaults();
      await t.app.get(MessageDispatchService, { strict: false }).run(id);
      const done = (await call('GET', `message-sends/${id}`)).json<SendView>();
      expect(done).toMatchObject({ state: 'completed', counts: { sent: 700, sending: 0, unknown: 0 } });
      const messages = sandbox.messages();
      expect(messages).toHaveLength(700);
      expect(new Set(messages.map((m) => m.receiver)).size).toBe(700);
      await startWorker();
    }, 60_000);

    it('plans again a call a lane marked but never made when the run stops', async () => {
      await stopWorker();
      // Every send_mass call is held 300 ms, then answered 503: the run stops with four calls to look up, after
      // each lane has marked its next call.
      sandbox.setFault({ kind: 'slow', path: '/send_mass', delayMs: 300, times: 0 });
      sandbox.setFault({ kind: 'http_error', path: '/send_mass', status: 503, times: 0 });
      const created = await send({ recipients: recipients(2500, (i) => `중단 ${i}`, 1000) });
      const dispatch = t.app.get(MessageDispatchService, { strict: false });
      await expect(dispatch.run(created.id)).rejects.toBeInstanceOf(DispatchInterrupted);
      expect((await call('GET', `message-sends/${created.id}`)).json()).toMatchObject({
        state: 'sending',
        counts: { sending: 2000, queued: 500 },
      });
      sandbox.clearFaults();
      await dispatch.run(created.id);
      expect((await call('GET', `message-sends/${created.id}`)).json()).toMatchObject({
        state: 'completed',
        counts: { sent: 2500, sending: 0 },
      });
      expect(new Set(sandbox.messages().map((m) => m.receiver)).size).toBe(2500);
      expect(sandbox.messages()).toHaveLength(2500);
      await startWorker();
    }, 30_000);

    it('lets one run at a time send a send: a second run meanwhile sends nothing', async () => {
      await stopWorker();
      const created = await send({ recipients: recipients(600, (i) => `동시 ${i}`, 800) });
      // Slow answers keep the first run busy while the second starts, however loaded the machine is.
      sandbox.setFault({ kind: 'slow', path: '/send_mass', delayMs: 500, times: 0 });
      const dispatch = t.app.get(MessageDispatchService, { strict: false });
      const runs = await Promise.allSettled([dispatch.run(created.id), dispatch.run(created.id)]);
      expect(runs.map((run) => run.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(sandbox.messages()).toHaveLength(600);
      expect((await call('GET', `message-sends/${created.id}`)).json()).toMatchObject({
        state: 'completed',
        counts: { sent: 600 },
      });
      await startWorker();
    });

    it('gives a send whose job was lost its job again, and fails one whose job gave up unseen', async () => {
      await stopWorker();
      const lost = await send({ recipients: recipients(2, (i) => `분실 ${i}`, 900) });
      const queue = t.app.get(getQueueToken(QueueName.MessageSend), { strict: false }) as Queue;
      await queue.remove(`send-${lost.id}`);
      const sends = t.app.get(MessageSendsService, { strict: false });
      expect(await sends.sweep()).toBe(1);
      await startWorker();
      expect(await finished(lost.id)).toMatchObject({ state: 'completed', counts: { sent: 2 } });

      await stopWorker();
      const abandoned = await send({ recipients: recipients(2, (i) => `포기 ${i}`, 910) });
      // What BullMQ does to a job whose workers died twice on it: taken, then failed, with no process() to say so.
      const taker = new Worker(queue.name, null, { connection: queue.opts.connection, prefix: queue.opts.prefix });
      try {
        const taken = await taker.getNextJob('sweep-test');
        expect(taken?.id).toBe(`send-${abandoned.id}`);
        // A stall beyond the limit fails a job whatever attempts it has left.
        await taken!.moveToFailed(new UnrecoverableError('job stalled more than allowable limit'), 'sweep-test', false);
      } finally {
        await taker.close();
      }
      expect(await sends.sweep()).toBe(1);
      expect((await call('GET', `message-sends/${abandoned.id}`)).json()).toMatchObject({
        state: 'failed',
        counts: { failed: 2 },
      });
      expect(
        sandbox
          .messages()
          .map((m) => m.text)
          .sort(),
      ).toEqual(['분실 900', '분실 901']);
      await startWorker();
    });

    it('fails a send nobody got, with the gateway reason in plain words: a key the gateway stopped taking, a sender not registered', async () => {
      const registered = await call('POST', 'user-phone-numbers', {
        phone: '010-5555-6666',
        name: '바뀐 키',
        apiKey: SANDBOX_API_KEY,
      });
      expect(registered.statusCode).toBe(201);
      // The key is changed at the gateway after the number was registered with it.
      sandbox.setAccount({ ...SANDBOX_ACCOUNT, key: 'a-new-key-issued-later' });
      let bad: SendView;
      try {
        bad = await finished((await send({ sender: '01055556666', recipients: recipients(2, () => '안내', 300) })).id);
      } finally {
        sandbox.setAccount(SANDBOX_ACCOUNT);
      }
      expect(bad).toMatchObject({ state: 'failed', counts: { failed: 2, sent: 0 } });
      expect(bad.error).toBe(
        "The gateway did not accept the sender number's API key. Check the key in the Phone Number Manager. (-101 인증오류입니다.)",
      );
      const failures = (await call('GET', `message-sends/${bad.id}/deliveries?status=failed`)).json<{
        data: { error: string }[];
      }>().data;
      expect(failures[0].error).toBe(bad.error);
      await call('DELETE', `user-phone-numbers/${registered.json().id}`);

      const unregistered = await call('POST', 'user-phone-numbers', {
        phone: '010-7777-8888',
        apiKey: SANDBOX_API_KEY,
      });
      const refused = await finished(
        (await send({ sender: '01077778888', recipients: recipients(2, () => '안내', 310) })).id,
      );
      expect(refused).toMatchObject({
        state: 'failed',
        error: expect.stringMatching(/^The sender number is not registered with the gateway\..*\(-103 /),
      });
      const reasons = (await call('GET', `message-sends/${refused.id}/deliveries`)).json<{
        data: { status: string; error: string }[];
      }>().data;
      expect(reasons).toHaveLength(2);
      expect(reasons.every((delivery) => delivery.status === 'failed' && /-103/.test(delivery.error))).toBe(true);
      await call('DELETE', `user-phone-numbers/${unregistered.json().id}`);
      expect(sandbox.messages()).toHaveLength(0);
    });

    it('lets only the maker of a send or a superadmin cancel it, and cancels the scheduled sends of a deleted account', async () => {
      const staff = {
        email: 'scheduler@jobcasting.test',
        password: 'Scheduler-password-1',
        role: 'admin',
        username: 'scheduler',
      };
      const staffId = await t.createUser(staff);
      const staffToken = (await t.login(staff.email, staff.password)).token;
      const asStaff = (method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) =>
        t.request({ method, url: `${API}/${path}`, headers: bearer(staffToken), ...(payload ? { payload } : {}) });
      expect(
        (
          await asStaff('POST', 'user-phone-numbers', {
            phone: '010-3333-4444',
            name: '담당자',
            apiKey: SANDBOX_API_KEY,
          })
        ).statusCode,
      ).toBe(201);
      const at = () => new Date(Date.now() + 3000).toISOString();
      const scheduleAsStaff = async (tag: string) => {
        const response = await asStaff('POST', 'message-sends', {
          scheduledAt: at(),
          recipients: recipients(2, (i) => `${tag} ${i}`, 700),
        });
        expect(response.statusCode).toBe(202);
        return response.json<SendView>();
      };

      // Another admin's send is not theirs to stop; their own is, and a superadmin may stop anyone's.
      const mine = await send({ scheduledAt: at(), recipients: recipients(2, (i) => `관리자 ${i}`, 720) });
      // Each sees whether it is theirs to stop, so the results page offers Cancel only where it works.
      expect(mine).toMatchObject({ canCancel: true });
      expect((await asStaff('GET', `message-sends/${mine.id}`)).json()).toMatchObject({ canCancel: false });
      const listed = (await asStaff('GET', 'message-sends')).json<{ data: { id: number; canCancel: boolean }[] }>()
        .data;
      expect(listed.find((row) => row.id === mine.id)).toMatchObject({ canCancel: false });
      const refused = await asStaff('POST', `message-sends/${mine.id}/cancel`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only the staff member who made this send, or a superadmin, can cancel it.');
      expect((await call('POST', `message-sends/${mine.id}/cancel`)).json()).toMatchObject({ state: 'cancelled' });
      const own = await scheduleAsStaff('본인');
      expect(own).toMatchObject({ canCancel: true });
      expect((await asStaff('POST', `message-sends/${own.id}/cancel`)).json()).toMatchObject({ state: 'cancelled' });
      const theirs = await scheduleAsStaff('총괄');
      expect((await call('POST', `message-sends/${theirs.id}/cancel`)).json()).toMatchObject({ state: 'cancelled' });

      // The account goes: its scheduled send goes with it, and never leaves.
      const orphan = await scheduleAsStaff('삭제');
      expect((await call('DELETE', `users/${staffId}`)).statusCode).toBe(204);
      expect((await call('GET', `message-sends/${orphan.id}`)).json()).toMatchObject({
        state: 'cancelled',
        error: 'Cancelled: the account of the staff member who made this send was deleted.',
        counts: { cancelled: 2 },
      });
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(sandbox.messages()).toHaveLength(0);
    }, 20_000);

    it('marks the recipients the gateway could not deliver to as failed', async () => {
      sandbox.setFault({ kind: 'partial_failure', path: '/send_mass', failCount: 2 });
      const done = await finished((await send({ recipients: recipients(6, (i) => `부분 ${i}`, 400) })).id);
      expect(done.counts).toMatchObject({ sent: 4, failed: 2 });
    });

    it('sends KakaoTalk by day only and never schedules it', async () => {
      atKoreanHour(21);
      const night = await call('POST', 'message-sends', {
        channel: 'kakao',
        recipients: [{ phone: '01011112222', text: '안내' }],
      });
      expect(night.json().message).toBe('KakaoTalk messages cannot be sent between 20:00 and 08:00 (Korean time).');
      atKoreanHour(14);
      const scheduled = await call('POST', 'message-sends', {
        channel: 'kakao',
        scheduledAt: new Date(Date.now() + 60_000).toISOString(),
        recipients: [{ phone: '01011112222', text: '안내' }],
      });
      expect(scheduled.json().message).toBe('Scheduled sending is not available for KakaoTalk.');
      const done = await finished(
        (await send({ channel: 'kakao', recipients: recipients(2, (i) => `카카오 ${i}`, 500) })).id,
      );
      expect(done.counts.sent).toBe(2);
      expect(sandbox.messages().map((m) => m.channel)).toEqual(['friendtalk', 'friendtalk']);
    });

    it('marks an advertisement and refuses it at night', async () => {
      atKoreanHour(22);
      const night = await call('POST', 'message-sends', {
        advertising: true,
        recipients: [{ phone: '01011112222', text: '신인 모집' }],
      });
      expect(night.json().message).toBe('Advertising messages cannot be sent between 21:00 and 08:00 (Korean time).');
      atKoreanHour(10);
      const nameless = await call('POST', 'user-phone-numbers', { phone: '0212345678', apiKey: SANDBOX_API_KEY });
      const unnamed = await call('POST', 'message-sends', {
        advertising: true,
        sender: '0212345678',
        recipients: [{ phone: '01011112222', text: '신인 모집' }],
      });
      expect(unnamed.json().message).toBe(
        'Advertising must name its sender: give the sender number a name in the Phone Number Manager.',
      );
      await call('DELETE', `user-phone-numbers/${nameless.json().id}`);
      // An advertisement reaches only a contact who consented to it (consent.e2e-spec.ts).
      const book = (await call('POST', 'address-books', { name: '광고 수신 동의' })).json<{ id: number }>().id;
      const contact = (
        await call('POST', `address-books/${book}/contacts`, { contactName: '신인', phoneNumber: '010-1111-2222' })
      ).json<{ id: number }>();
      expect((await call('PUT', `contacts/${contact.id}/consent`, { given: true, source: '지원서' })).statusCode).toBe(
        200,
      );
      await finished((await send({ advertising: true, recipients: [{ phone: '01011112222', text: '신인 모집' }] })).id);
      expect(sandbox.messages()[0].text).toBe('(광고)잡캐스팅 신인 모집\n무료수신거부 080-123-4567');
    });

    it('lists sends with their counts by day and the gateway remaining counts', async () => {
      await finished((await send({ recipients: recipients(2, (i) => `목록 ${i}`, 600) })).id);
      const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
      const list = (await call('GET', `message-sends?from=${today}&to=${today}`)).json<{
        data: SendView[];
        pagination: { totalItems: number };
      }>();
      expect(list.data[0]).toMatchObject({ state: 'completed', counts: { sent: 2 } });
      expect((await call('GET', 'message-sends?from=2020-01-01&to=2020-01-02')).json().data).toEqual([]);
      const remain = await call('GET', 'aligo/remain');
      expect(remain.statusCode).toBe(200);
      expect(remain.json()).toEqual({
        SMS_CNT: expect.any(Number),
        LMS_CNT: expect.any(Number),
        MMS_CNT: expect.any(Number),
      });
    });
  });
});
