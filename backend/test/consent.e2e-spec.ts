import type { AligoSandbox } from '../../infra/sandbox/aligo/server.ts';
import { EntityManager } from '@mikro-orm/postgresql';
import { MessageDispatchService } from '../src/modules/messaging/message-dispatch.service.js';
import { Clock } from '../src/platform/clock.js';
import { type MessagingTestApp, startMessagingApp } from './support/messaging-app.js';
import { bearer, SUPERADMIN, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';
/** 김민준 and 전화번호 as Korean Excel saves them (CP949). */
const CP949 = {
  수신거부번호: [0xbc, 0xf6, 0xbd, 0xc5, 0xb0, 0xc5, 0xba, 0xce, 0xb9, 0xf8, 0xc8, 0xa3],
  김민준: [0xb1, 0xe8, 0xb9, 0xce, 0xc1, 0xd8],
};

interface OptOut {
  id: number;
  kind: string;
  address: string;
  channel: string;
  source: string;
  note: string;
  recordedBy: string | null;
  active: boolean;
  withdrawnAt: string | null;
  withdrawnBy: string | null;
  withdrawnNote: string | null;
}

describe('the opt-out and consent register', () => {
  let m: MessagingTestApp;
  let sandbox: AligoSandbox;
  let t: TestApp;
  let token: string;
  let staffName: string;
  let bookId: number;

  // No worker: the sends made earlier are run by hand (MessageDispatchService.run) when they go.
  beforeAll(async () => {
    m = await startMessagingApp({}, { worker: false });
    ({ sandbox, t, token } = m);
    staffName = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).user.name;
    bookId = (await ok<{ id: number }>('POST', 'address-books', { name: '동의 연락처' }, 201)).id;
  });
  afterAll(() => m?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => m.call(method, path, payload, headers);
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, status = 200): Promise<T> => {
    const response = await call(method, path, payload);
    if (response.statusCode !== status) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const importCsv = (bytes: Buffer | string, query: string) =>
    t.request({
      method: 'POST',
      url: `${API}/opt-out-imports?${query}`,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: Buffer.from(bytes),
    });
  const addContact = (contactName: string, phoneNumber: string) =>
    ok<{ id: number }>('POST', `address-books/${bookId}/contacts`, { contactName, phoneNumber }, 201);
  /** The process's one clock (the register's and the sender's), fixed at an instant. */
  const setClock = (at: string) => {
    t.app.get(Clock).now = () => new Date(at);
  };

  describe('opt-outs', () => {
    it('records each source and channel with who and when, by phone digits or lower-case e-mail', async () => {
      const sources = ['080', 'staff', 'request', 'csv'] as const;
      const channels = ['sms', 'kakao', 'email', 'all'] as const;
      for (const [index, channel] of channels.entries()) {
        const source = sources[index];
        const address = channel === 'email' ? ' Actor.Kim@Example.COM ' : `+82 10-7000-000${index}`;
        const recorded = await ok<OptOut>('POST', 'opt-outs', { address, channel, source, note: '전화로 요청' }, 201);
        expect(recorded).toMatchObject({
          kind: channel === 'email' ? 'email' : 'phone',
          address: channel === 'email' ? 'actor.kim@example.com' : `0107000000${index}`,
          channel,
          source,
          note: '전화로 요청',
          recordedBy: staffName,
          active: true,
          withdrawnAt: null,
        });
      }
      // The same address and channel again: the opt-out in force answers, nothing new is recorded.
      const again = await ok<OptOut>(
        'POST',
        'opt-outs',
        { address: '010-7000-0000', channel: 'sms', source: 'staff' },
        201,
      );
      expect(again.source).toBe('080');
      const list = await ok<{ data: OptOut[] }>('GET', `opt-outs?address=${encodeURIComponent('010-7000-0000')}`);
      expect(list.data).toHaveLength(1);
    });

    it('refuses what is not a phone number or an e-mail address, an unknown channel or source, and e-mails opting out of texts', async () => {
      for (const [body, message] of [
        [{ address: '김민준', channel: 'sms', source: 'staff' }, /not a phone number/],
        [{ address: 'kim@', channel: 'email', source: 'staff' }, /not an e-mail address/],
        [{ address: 'kim@example.com', channel: 'sms', source: 'staff' }, /cannot opt out of texts/],
        [{ address: '010-1111-2222', channel: 'fax', source: 'staff' }, /channel/],
        [{ address: '010-1111-2222', channel: 'sms', source: 'web' }, /source/],
      ] as const) {
        const answer = await call('POST', 'opt-outs', body);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toMatch(message);
      }
    });

    it('keeps the history: a withdrawal is recorded on the opt-out, which stays listed but stops nothing', async () => {
      const optOut = await ok<OptOut>(
        'POST',
        'opt-outs',
        { address: '010-7100-0001', channel: 'all', source: 'request' },
        201,
      );
      const withdrawn = await ok<OptOut>('POST', `opt-outs/${optOut.id}/withdraw`, { note: '다시 받기를 원함' });
      expect(withdrawn).toMatchObject({
        id: optOut.id,
        active: false,
        withdrawnAt: expect.any(String),
        withdrawnBy: staffName,
        withdrawnNote: '다시 받기를 원함',
        source: 'request',
      });
      expect((await call('POST', `opt-outs/${optOut.id}/withdraw`, {})).statusCode).toBe(409);
      expect((await call('POST', 'opt-outs/999999/withdraw', {})).statusCode).toBe(404);

      // Opting out again is a new record: both stay in the register.
      await ok<OptOut>('POST', 'opt-outs', { address: '010-7100-0001', channel: 'sms', source: 'staff' }, 201);
      const history = await ok<{ data: OptOut[] }>('GET', 'opt-outs?address=01071000001');
      expect(history.data.map((entry) => [entry.channel, entry.active])).toEqual([
        ['sms', true],
        ['all', false],
      ]);
      expect(
        (await ok<{ data: OptOut[] }>('GET', 'opt-outs?address=01071000001&active=false')).data.map(
          (entry) => entry.id,
        ),
      ).toEqual([optOut.id]);
    });

    it('records a pasted list and reports each bad line by its number', async () => {
      const text = [
        '010-7200-0001',
        '',
        '010 7200 0002, 김민준',
        '전화 없음',
        '010-7200-0001',
        'Cast@Studio.example\t스튜디오',
        '010-12',
      ].join('\n');
      const result = await ok<{
        recorded: number;
        alreadyOptedOut: number;
        rejected: { line: number; reason: string }[];
      }>('POST', 'opt-outs/bulk', { text, channel: 'all', source: 'staff' });
      expect(result).toEqual({
        recorded: 3,
        alreadyOptedOut: 1,
        rejected: [
          { line: 4, reason: expect.stringMatching(/not a phone number/) },
          { line: 7, reason: expect.stringMatching(/not a phone number/) },
        ],
      });
      const listed = await ok<{ data: OptOut[] }>('GET', 'opt-outs?address=cast@studio.example');
      expect(listed.data).toMatchObject([{ kind: 'email', channel: 'all', source: 'staff' }]);
      // The same list again records nothing new.
      expect(await ok('POST', 'opt-outs/bulk', { text, channel: 'all', source: 'staff' })).toMatchObject({
        recorded: 0,
        alreadyOptedOut: 4,
      });
    });

    it('imports a CP949 CSV as the 080 service exports it, with its header, and reports the rejected lines', async () => {
      const bytes = Buffer.concat([
        Buffer.from([...CP949.수신거부번호]),
        Buffer.from(',date\r\n010-7300-0001,2026-11-20\r\n'),
        Buffer.from([...CP949.김민준]),
        Buffer.from(',2026-11-21\r\n0107300-0002,2026-11-22\r\n"010-7300-0003,2026-11-23\r\n'),
      ]);
      // The preview reads the file as the import will, and records nothing.
      const preview = await importCsv(bytes, 'channel=sms&source=080&dryRun=true');
      expect(preview.json()).toMatchObject({
        encoding: 'cp949',
        recorded: 2,
        alreadyOptedOut: 0,
        rejected: [{ line: 3 }, { line: 5 }],
      });
      expect((await ok<{ data: OptOut[] }>('GET', 'opt-outs?address=010-7300-0002')).data).toEqual([]);
      const answer = await importCsv(bytes, 'channel=sms&source=080');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        encoding: 'cp949',
        suspicious: false,
        recorded: 2,
        alreadyOptedOut: 0,
        rejected: [
          { line: 3, reason: '"김민준" is not a phone number' },
          { line: 5, reason: expect.stringMatching(/not closed properly/) },
        ],
      });
      // Previewed again, the same file would add nothing.
      expect((await importCsv(bytes, 'channel=sms&source=080&dryRun=true')).json()).toMatchObject({
        recorded: 0,
        alreadyOptedOut: 2,
      });
      const imported = await ok<{ data: OptOut[] }>('GET', 'opt-outs?address=010-7300-0002');
      expect(imported.data).toMatchObject([
        { address: '01073000002', channel: 'sms', source: '080', recordedBy: staffName },
      ]);
      expect((await importCsv('', 'channel=sms')).statusCode).toBe(400);
      expect((await importCsv('010-7300-0009\n', 'channel=fax')).statusCode).toBe(400);
      // A plain UTF-8 list without a header is read from its first line, as a CSV import by default.
      expect((await importCsv('010-7300-0009\n', 'channel=kakao')).json()).toMatchObject({ recorded: 1, rejected: [] });
      expect((await ok<{ data: OptOut[] }>('GET', 'opt-outs?address=01073000009')).data).toMatchObject([
        { source: 'csv', channel: 'kakao' },
      ]);
    });
  });

  describe('advertising consent', () => {
    it('records consent with its day and source, keeps its history, and lists the consent older than two Korean years', async () => {
      // 00:30 on 26 November in Seoul, still 25 November in UTC.
      setClock('2026-11-25T15:30:00Z');
      const old = await addContact('오래된 동의', '010-7400-0001');
      const recent = await addContact('최근 동의', '010-7400-0002');
      const refused = await addContact('거부', '010-7400-0003');
      // Two years to the Korean day: due again.
      expect(
        await ok('PUT', `contacts/${old.id}/consent`, {
          given: true,
          consentedOn: '2024-11-26',
          source: '지원서 동의란',
        }),
      ).toMatchObject({
        contactId: old.id,
        given: true,
        consentedOn: '2024-11-26',
        source: '지원서 동의란',
        recordedBy: staffName,
      });
      await ok('PUT', `contacts/${recent.id}/consent`, { given: true, consentedOn: '2024-11-27', source: '전화' });
      await ok('PUT', `contacts/${refused.id}/consent`, { given: true, consentedOn: '2020-01-01', source: '지원서' });
      await ok('PUT', `contacts/${refused.id}/consent`, {
        given: false,
        consentedOn: '2026-11-01',
        source: '문자로 거부',
      });
      // Today by the Korean calendar when no day is given.
      expect(await ok('PUT', `contacts/${recent.id}/consent`, { given: true, source: '전화' })).toMatchObject({
        consentedOn: '2026-11-26',
      });

      const expiring = await ok<{
        cutoff: string;
        data: { contactId: number; contactName: string; consentedOn: string }[];
      }>('GET', 'contacts/consent-expiring');
      expect(expiring.cutoff).toBe('2024-11-26');
      expect(expiring.data.map((row) => [row.contactName, row.consentedOn])).toEqual([['오래된 동의', '2024-11-26']]);

      for (const body of [
        { given: true, consentedOn: '2026-11-27', source: '전화' },
        { given: true, consentedOn: '2026-02-30', source: '전화' },
        { given: true, source: ' ' },
        { given: 'yes', source: '전화' },
      ]) {
        expect((await call('PUT', `contacts/${old.id}/consent`, body)).statusCode).toBe(400);
      }
      expect((await call('PUT', 'contacts/999999/consent', { given: true, source: '전화' })).statusCode).toBe(404);

      // Each contact's records, the one in force first.
      expect(
        (await ok<{ given: boolean; source: string }[]>('GET', `contacts/${refused.id}/consent`)).map((record) => [
          record.given,
          record.source,
        ]),
      ).toEqual([
        [false, '문자로 거부'],
        [true, '지원서'],
      ]);
      expect(await ok('GET', `contacts/${(await addContact('기록 없음', '010-7400-0004')).id}/consent`)).toEqual([]);
      expect((await call('GET', 'contacts/999999/consent')).statusCode).toBe(404);
    });
  });

  describe('sends', () => {
    // Advertising and KakaoTalk are refused at night: the sends are made at noon, Korean time.
    beforeEach(() => setClock('2026-11-25T03:00:00Z'));
    const send = (body: Record<string, unknown>) => call('POST', 'message-sends', body);
    const deliveredTo = async (id: number) =>
      (await ok<{ data: { phone: string }[] }>('GET', `message-sends/${id}/deliveries?pageSize=150`)).data.map(
        (d) => d.phone,
      );

    it('leaves out the opted-out numbers of the channel (or all), whatever the client sends, and says whom and why', async () => {
      await ok('POST', 'opt-outs/bulk', { text: '010-7500-0001', channel: 'sms', source: 'staff' });
      await ok('POST', 'opt-outs/bulk', { text: '010-7500-0002', channel: 'kakao', source: 'staff' });
      await ok('POST', 'opt-outs/bulk', { text: '010-7500-0003', channel: 'all', source: '080' });
      // A withdrawn opt-out stops nothing.
      const withdrawn = await ok<OptOut>(
        'POST',
        'opt-outs',
        { address: '010-7500-0005', channel: 'all', source: 'request' },
        201,
      );
      await ok('POST', `opt-outs/${withdrawn.id}/withdraw`, {});
      const recipients = [
        '010-7500-0001',
        '+82 10 7500 0002',
        '01075000003',
        '010-7500-0004',
        '010.7500.0001',
        '010-7500-0005',
      ].map((phone, i) => ({ phone, name: `배우 ${i}`, text: '내일 촬영 안내' }));

      const sms = await send({ channel: 'sms', recipients });
      expect(sms.statusCode).toBe(202);
      expect(sms.json().excluded).toEqual([
        { phone: '01075000001', name: '배우 0', reason: 'opted-out' },
        { phone: '01075000003', name: '배우 2', reason: 'opted-out' },
      ]);
      expect(sms.json().total).toBe(3);
      expect(await deliveredTo(sms.json().id)).toEqual(['01075000002', '01075000004', '01075000005']);
      // The send keeps whom it left out.
      expect((await ok<{ excluded: unknown[] }>('GET', `message-sends/${sms.json().id}`)).excluded).toHaveLength(2);

      const kakao = await send({ channel: 'kakao', recipients });
      expect(kakao.statusCode).toBe(202);
      // The same message to 010.7500.0001 again is left out as a repeat.
      expect(
        kakao.json().excluded.map((entry: { phone: string; reason: string }) => [entry.phone, entry.reason]),
      ).toEqual([
        ['01075000002', 'opted-out'],
        ['01075000003', 'opted-out'],
        ['01075000001', 'duplicate'],
      ]);
      expect(await deliveredTo(kakao.json().id)).toEqual(['01075000001', '01075000004', '01075000005']);
    });

    it('leaves out of an advertisement the numbers without a given consent, and refuses a send that leaves out everyone', async () => {
      const given = await addContact('동의함', '010-7600-0001');
      const withdrawnConsent = await addContact('동의 철회', '010-7600-0002');
      await addContact('기록 없음', '010-7600-0003');
      await ok('PUT', `contacts/${given.id}/consent`, { given: true, source: '지원서' });
      await ok('PUT', `contacts/${withdrawnConsent.id}/consent`, {
        given: true,
        consentedOn: '2026-01-01',
        source: '지원서',
      });
      await ok('PUT', `contacts/${withdrawnConsent.id}/consent`, { given: false, source: '전화로 철회' });
      const optedOut = await addContact('수신거부', '010-7600-0004');
      await ok('PUT', `contacts/${optedOut.id}/consent`, { given: true, source: '지원서' });
      await ok('POST', 'opt-outs', { address: '010-7600-0004', channel: 'all', source: 'request' }, 201);
      const recipients = ['010-7600-0001', '010-7600-0002', '010-7600-0003', '010-7600-0004', '010-7600-0005'].map(
        (phone) => ({ phone, text: '11월 오디션 모집' }),
      );

      const advertisement = await send({ advertising: true, recipients });
      expect(advertisement.statusCode).toBe(202);
      expect(
        advertisement.json().excluded.map((entry: { phone: string; reason: string }) => [entry.phone, entry.reason]),
      ).toEqual([
        ['01076000002', 'no-consent'],
        ['01076000003', 'no-consent'],
        ['01076000004', 'opted-out'],
        ['01076000005', 'no-consent'],
      ]);
      expect(await deliveredTo(advertisement.json().id)).toEqual(['01076000001']);

      // Information (not advertising) needs no consent, only no opt-out.
      const information = await send({ advertising: false, recipients });
      expect(await deliveredTo(information.json().id)).toEqual([
        '01076000001',
        '01076000002',
        '01076000003',
        '01076000005',
      ]);

      const nobody = await send({ advertising: true, recipients: recipients.slice(1) });
      expect(nobody.statusCode).toBe(400);
      expect(nobody.json().message).toBe(
        'Every recipient is left out, so nothing was sent: 1 opted out (수신거부), 3 without advertising consent.',
      );
      expect(nobody.json().details.excluded).toHaveLength(4);
    });
  });

  describe('sends made earlier', () => {
    it('leave out, when they go, the numbers that opted out or lost their consent since they were made', async () => {
      setClock('2026-11-25T03:00:00Z');
      const consenting = await addContact('예약 동의', '010-7700-0001');
      const laterRefusing = await addContact('예약 철회', '010-7700-0002');
      const laterOptedOut = await addContact('예약 수신거부', '010-7700-0003');
      for (const contact of [consenting, laterRefusing, laterOptedOut])
        await ok('PUT', `contacts/${contact.id}/consent`, { given: true, source: '지원서' });
      const recipients = ['010-7700-0001', '010-7700-0002', '010-7700-0003'].map((phone) => ({
        phone,
        name: phone.slice(-4),
        text: '12월 오디션 모집',
      }));
      const made = await call('POST', 'message-sends', {
        advertising: true,
        recipients,
        scheduledAt: '2026-11-25T05:00:00Z',
      });
      expect(made.statusCode).toBe(202);
      expect(made.json().excluded).toEqual([]);
      const sendId: number = made.json().id;

      // After the send was made, and before it goes:
      await ok('PUT', `contacts/${laterRefusing.id}/consent`, { given: false, source: '전화로 철회' });
      await ok('POST', 'opt-outs', { address: '010-7700-0003', channel: 'sms', source: '080' }, 201);
      const accepted = sandbox.messages().length;
      setClock('2026-11-25T05:00:00Z');
      await t.app.get(MessageDispatchService).run(sendId);

      expect(
        sandbox
          .messages()
          .slice(accepted)
          .map((message) => message.receiver),
      ).toEqual(['01077000001']);
      const send = await ok<{ state: string; excluded: { phone: string; reason: string }[] }>(
        'GET',
        `message-sends/${sendId}`,
      );
      expect(send.state).toBe('completed');
      expect(send.excluded.map((entry) => [entry.phone, entry.reason])).toEqual([
        ['01077000002', 'no-consent'],
        ['01077000003', 'opted-out'],
      ]);
      const deliveries = (
        await ok<{ data: { phone: string; status: string; error: string | null }[] }>(
          'GET',
          `message-sends/${sendId}/deliveries`,
        )
      ).data;
      expect(deliveries.map((delivery) => [delivery.phone, delivery.status])).toEqual([
        ['01077000001', 'sent'],
        ['01077000002', 'cancelled'],
        ['01077000003', 'cancelled'],
      ]);
      expect(deliveries[2].error).toBe(
        'Left out when the send went: the number opted out (수신거부) after the send was made.',
      );
    });
  });

  describe("a person's outreach history", () => {
    it("lists every text and e-mail sent to a number or an address, newest first, with its opt-outs and its contacts' consent", async () => {
      setClock('2026-11-25T03:00:00Z');
      const contact = await addContact('이력 배우', '010-7800-0001');
      await ok('PUT', `contacts/${contact.id}/consent`, { given: true, consentedOn: '2026-01-05', source: '지원서' });
      const first = await call('POST', 'message-sends', {
        recipients: [
          { phone: '010-7800-0001', text: '첫 안내' },
          { phone: '010-7800-0002', text: '다른 사람' },
        ],
      });
      const second = await call('POST', 'message-sends', {
        advertising: true,
        recipients: [{ phone: '+82 10 7800 0001', text: '오디션 광고' }],
      });
      expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
      await ok(
        'POST',
        'opt-outs',
        { address: '010-7800-0001', channel: 'kakao', source: 'request', note: '카톡만 거부' },
        201,
      );
      // An e-mail about a post, in the log the sent-e-mails page reads.
      const em = t.app.get(EntityManager).fork();
      const [post] = await em.execute<{ id: number }[]>(
        `insert into "post" ("post_key", "content_hash", "imported_at", "updated_at") values ('OUTREACH-1', 'x', now(), now()) returning "id"`,
      );
      await em.execute(
        `insert into "sent_email" ("post_id", "recipient", "subject", "status", "created_at", "sent_by_id") values (?, 'Director@Studio.example', '프로필 전달', 'sent', now(), 1)`,
        [post.id],
      );

      const history = await ok<{
        kind: string;
        address: string;
        optOuts: { channel: string; note: string }[];
        contacts: { id: number; contactName: string; consent: { given: boolean; consentedOn: string } | null }[];
        entries: {
          channel: string;
          sendId: number;
          body: string;
          status: string;
          sentBy: string;
          advertising: boolean;
        }[];
        pagination: { totalItems: number };
      }>('GET', `outreach-history?address=${encodeURIComponent('010-7800-0001')}`);
      expect(history).toMatchObject({ kind: 'phone', address: '01078000001', pagination: { totalItems: 2 } });
      expect(history.entries.map((entry) => [entry.sendId, entry.channel, entry.advertising, entry.sentBy])).toEqual([
        [second.json().id, 'sms', true, staffName],
        [first.json().id, 'sms', false, staffName],
      ]);
      expect(history.entries[0].body).toMatch(/^\(광고\)잡캐스팅 오디션 광고/);
      expect(history.entries[1]).toMatchObject({ body: '첫 안내', status: 'queued' });
      expect(history.optOuts).toMatchObject([{ channel: 'kakao', note: '카톡만 거부' }]);
      expect(history.contacts).toMatchObject([
        { id: contact.id, contactName: '이력 배우', consent: { given: true, consentedOn: '2026-01-05' } },
      ]);

      const byEmail = await ok<{
        kind: string;
        entries: { channel: string; body: string; status: string; postId: number }[];
      }>('GET', 'outreach-history?address=director@studio.EXAMPLE');
      expect(byEmail).toMatchObject({
        kind: 'email',
        entries: [{ channel: 'email', body: '프로필 전달', status: 'sent', postId: post.id }],
      });
      expect((await call('GET', 'outreach-history?address=%EC%97%86%EC%9D%8C')).statusCode).toBe(400);
      expect((await call('GET', 'outreach-history')).statusCode).toBe(400);
    });
  });

  describe('e-mails', () => {
    it('refuses an e-mail to an opted-out customer address, with either kind of send', async () => {
      await ok('POST', 'opt-outs', { address: 'casting@agency.example', channel: 'email', source: 'request' }, 201);
      for (const path of ['email-templates/send', 'email-templates/default']) {
        const body = {
          recipient: 'Casting@Agency.example',
          postId: 'E-404',
          accountId: 1,
          subject: '프로필',
          content: '안녕하세요',
        };
        const answer = await call(
          'POST',
          path,
          path.endsWith('default')
            ? { recipient: body.recipient, postId: body.postId, accountId: body.accountId }
            : body,
        );
        expect(answer.statusCode).toBe(400);
        const message = 'Casting@Agency.example has opted out of e-mails (수신거부): this e-mail cannot be sent to it.';
        expect(answer.json()).toMatchObject({ message, details: { validation: [{ path: 'recipient', message }] } });
      }
    });
  });
});
