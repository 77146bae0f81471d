import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { toPostRecord } from '../src/modules/posts/domain/post-record.js';
import { PostsService } from '../src/modules/posts/posts.service.js';
import {
  connectSandboxAccount,
  googleSandboxConfig,
  SAMPLE_ACCOUNT_EMAILS,
  SAMPLE_ACCOUNTS,
  sandboxControl,
  SEED,
  startGoogleSandboxForTests,
  type TestGoogleSandbox,
} from './support/google-sandbox.js';
import { bearer, startTestApp, startTestAppWith, SUPERADMIN, type TestApp } from './support/test-app.js';
import { unsafeMarkup } from './support/xss-corpus.js';

const API = '/backend/api/v1';
const [JIHYUN] = SAMPLE_ACCOUNT_EMAILS;
const STAFF = { email: 'staff@jobcasting.test', password: 'Staff-password-1', role: 'admin', username: 'staff' };

interface TemplateBody {
  id: number;
  title: string;
  subject: string;
  template: string;
  htmlTemplate: string;
  isDefault: boolean;
}
interface ModelBody {
  id: number;
  comcardNo: string;
  nameEng: string | null;
  thumbnailUrl: string | null;
}
interface SentMail {
  id: string;
  account: string;
  from: { name: string; address: string } | null;
  to: { address: string }[];
  subject: string;
  html: string | null;
  attachments: { filename: string | null; mimeType: string; size: number; sha256: string }[];
  text: string | null;
}

describe('e-mail templates, models and sending (Google sandbox)', () => {
  let sandbox: TestGoogleSandbox;
  let t: TestApp;
  let db: pg.Client;
  let token: string;
  let staffToken: string;

  const api = async (
    method: InjectOptions['method'],
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    as = token,
  ) =>
    t.request({
      method,
      url: `${API}/${path}`,
      headers: { ...bearer(as), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const sandboxCall = sandboxControl(() => sandbox.url);
  const sentMails = async (): Promise<SentMail[]> => sandboxCall('GET', '/sandbox/gmail/messages');
  const fault = (kind: string, times = 1) => sandboxCall('POST', '/sandbox/faults', { kind, path: '/gmail/', times });

  beforeAll(async () => {
    sandbox = await startGoogleSandboxForTests();
    t = await startTestApp(googleSandboxConfig(sandbox.url));
    db = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await db.connect();
    token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
    await t.createUser(STAFF);
    staffToken = (await t.login(STAFF.email, STAFF.password)).token;
    await t.app.get(PostsService).upsertPosts(
      [
        {
          postId: 'E-1',
          postTitle: '광고 모델 모집',
          customerEmail: ' cast@studio.example ',
          manager: '김실장',
          phoneCall: '010-1234-5678',
        },
        { postId: 'E-2', postTitle: '뮤직비디오 배우', email: 'mv@label.example' },
      ].map((row) => toPostRecord(row)!),
    );
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
    await sandbox?.close();
  });

  describe('templates', () => {
    beforeEach(async () => {
      await db.query('delete from email_template');
    });

    const create = async (fields: Partial<{ title: string; subject: string; template: string }> = {}) =>
      api('POST', 'email-templates', {
        title: '기본 안내',
        subject: '[JOB CASTING] 프로필',
        template: '안녕하세요 {{nameEng}}',
        isActive: true,
        htmlTemplate: '<script>ignored</script>',
        ...fields,
      });
    const defaults = async () =>
      (await db.query<{ id: number }>('select id from email_template where is_default')).rows.map((row) => row.id);

    it('makes the first template the default, saves Windows line endings as newlines and renders htmlTemplate itself', async () => {
      const first = await create({ template: '안녕하세요\r\n{{nameEng}} 프로필입니다.\r\n<script>alert(1)</script>' });
      expect(first.statusCode).toBe(201);
      const body = first.json<TemplateBody>();
      expect(body).toMatchObject({
        title: '기본 안내',
        subject: '[JOB CASTING] 프로필',
        template: '안녕하세요\n{{nameEng}} 프로필입니다.\n<script>alert(1)</script>',
        isDefault: true,
        isActive: true,
      });
      expect(body.htmlTemplate).toMatch(/^<!DOCTYPE html><html><head><meta charset="utf-8">/);
      expect(body.htmlTemplate).toContain('Emily Carter, Lucas Martin 프로필입니다.');
      expect(body.htmlTemplate).not.toContain('<script');
      const second = (await create({ title: '둘째' })).json<TemplateBody>();
      expect(second.isDefault).toBe(false);
      expect(
        (await api('GET', 'email-templates')).json<TemplateBody[]>().map((tpl) => [tpl.title, tpl.isDefault]),
      ).toEqual([
        ['기본 안내', true],
        ['둘째', false],
      ]);
    });

    it('updates a template with the same rules', async () => {
      const { id } = (await create()).json<TemplateBody>();
      const updated = await api('PUT', `email-templates/${id}`, {
        title: ' 새 제목 ',
        subject: '새 제목 {{postId}}',
        template: 'a\r\nb',
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        id,
        title: '새 제목',
        subject: '새 제목 {{postId}}',
        template: 'a\nb',
        isDefault: true,
      });
      expect((await api('PUT', 'email-templates/999999', { title: 'x', subject: 'y', template: 'z' })).statusCode).toBe(
        404,
      );
    });

    it('refuses a template without title, subject or content, in the words of the editor', async () => {
      const refused = await create({ title: '  ', subject: '', template: '' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details.validation.map((v: { message: string }) => v.message)).toEqual(
        expect.arrayContaining([
          'Please enter a template title',
          'Please enter an email subject',
          'Please enter the template content',
        ]),
      );
      expect((await api('GET', 'email-templates')).json()).toEqual([]);
    });

    it('switches the default in one step, and concurrent switches leave exactly one', async () => {
      const ids = [];
      for (let n = 0; n < 5; n++) ids.push((await create({ title: `템플릿 ${n}` })).json<TemplateBody>().id);
      const switched = await api('POST', `email-templates/set-default/${ids[3]}`);
      expect(switched.statusCode).toBe(200);
      expect(switched.json()).toMatchObject({ id: ids[3], isDefault: true });
      expect(await defaults()).toEqual([ids[3]]);
      const answers = await Promise.all(ids.map((id) => api('POST', `email-templates/set-default/${id}`)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await defaults()).toHaveLength(1);
      expect((await api('POST', 'email-templates/set-default/999999')).statusCode).toBe(404);
    });

    it('hands the default on when the default is deleted', async () => {
      const a = (await create({ title: 'A' })).json<TemplateBody>().id;
      const b = (await create({ title: 'B' })).json<TemplateBody>().id;
      const c = (await create({ title: 'C' })).json<TemplateBody>().id;
      await api('PUT', `email-templates/${b}`, { title: 'B2', subject: 's', template: 't' });
      expect((await api('DELETE', `email-templates/${a}`)).statusCode).toBe(204);
      expect(await defaults()).toEqual([b]);
      expect((await api('DELETE', `email-templates/${c}`)).statusCode).toBe(204);
      expect(await defaults()).toEqual([b]);
      expect((await api('DELETE', `email-templates/${b}`)).statusCode).toBe(204);
      expect(await api('GET', 'email-templates').then((r) => r.json())).toEqual([]);
      expect((await api('DELETE', `email-templates/${b}`)).statusCode).toBe(404);
    });

    it('is kept to exactly one default by the database itself', async () => {
      const a = (await create({ title: 'A' })).json<TemplateBody>().id;
      const b = (await create({ title: 'B' })).json<TemplateBody>().id;
      await expect(db.query('update email_template set is_default = true where id = $1', [b])).rejects.toThrow(
        /email_template_one_default_index/,
      );
      await expect(db.query('update email_template set is_default = false where id = $1', [a])).rejects.toThrow(
        /One e-mail template must be the default/,
      );
      expect(await defaults()).toEqual([a]);
    });

    it('needs a signed-in staff member', async () => {
      expect((await t.request({ method: 'GET', url: `${API}/email-templates` })).statusCode).toBe(401);
      expect((await t.request({ method: 'POST', url: `${API}/email-templates/send`, payload: {} })).statusCode).toBe(
        401,
      );
    });
  });

  describe('models', () => {
    beforeEach(async () => {
      await db.query('delete from talent_model');
    });

    const model = (fields: Record<string, unknown> = {}) => ({
      comcardNo: 'JC-100',
      nameEng: 'Emily Carter',
      nameKor: '에밀리 카터',
      national: 'USA',
      stage: 'Actor',
      additionalPic: 'https://img.example/more.jpg',
      download: 'https://files.example/JC-100.pdf',
      htmlUrl: 'https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp',
      ...fields,
    });

    it('creates, lists, updates and deletes models, with the Drive thumbnail of their link', async () => {
      const created = await api('POST', 'models', model());
      expect(created.statusCode).toBe(201);
      const { id } = created.json<ModelBody>();
      expect(created.json()).toMatchObject({
        comcardNo: 'JC-100',
        nameKor: '에밀리 카터',
        image: null,
        thumbnailUrl: 'https://drive.google.com/thumbnail?id=1AbCdEfGhIjKlMnOp&sz=w200',
      });
      await api('POST', 'models', model({ comcardNo: 'JC-050', htmlUrl: 'https://profiles.example/x' }));
      expect((await api('GET', 'models')).json<ModelBody[]>().map((m) => [m.comcardNo, m.thumbnailUrl])).toEqual([
        ['JC-050', null],
        ['JC-100', 'https://drive.google.com/thumbnail?id=1AbCdEfGhIjKlMnOp&sz=w200'],
      ]);

      const updated = await api('PUT', `models/${id}`, { comcardNo: 'JC-101', nameEng: 'Emily C.', stage: '' });
      expect(updated.statusCode).toBe(200);
      // Left out: kept; blank: cleared.
      expect(updated.json()).toMatchObject({
        id,
        comcardNo: 'JC-101',
        nameEng: 'Emily C.',
        nameKor: '에밀리 카터',
        stage: null,
      });

      expect((await api('DELETE', `models/${id}`)).statusCode).toBe(204);
      expect((await api('DELETE', `models/${id}`)).statusCode).toBe(404);
      expect((await api('PUT', `models/${id}`, model())).statusCode).toBe(404);
    });

    it('keeps comcard numbers unique (409 naming the field)', async () => {
      await api('POST', 'models', model());
      const clash = await api('POST', 'models', model({ nameEng: 'Someone else' }));
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({
        message: 'A model with this comcard number already exists',
        details: { conflictingFields: ['comcardNo'] },
      });
      const other = (await api('POST', 'models', model({ comcardNo: 'JC-200' }))).json<ModelBody>();
      expect((await api('PUT', `models/${other.id}`, { comcardNo: 'JC-100' })).statusCode).toBe(409);
    });

    it('refuses links that are not web addresses, and a model without a comcard number', async () => {
      const refused = await api(
        'POST',
        'models',
        model({ download: 'javascript:alert(1)', htmlUrl: 'ftp://x', comcardNo: ' ' }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details.validation.map((v: { message: string }) => v.message)).toEqual(
        expect.arrayContaining([
          'Comcard number is required',
          'Download URL must be a web address starting with http:// or https://',
          'HTML URL must be a web address starting with http:// or https://',
        ]),
      );
      expect((await api('GET', 'models')).json()).toEqual([]);
    });
  });

  describe('selected models', () => {
    let models: ModelBody[];

    beforeAll(async () => {
      await db.query('delete from talent_model');
      models = [];
      for (const [comcardNo, nameEng] of [
        ['JC-1', 'Emily Carter'],
        ['JC-2', 'Lucas Martin'],
        ['JC-3', 'Mia Kim'],
      ]) {
        models.push((await api('POST', 'models', { comcardNo, nameEng, national: 'USA' })).json<ModelBody>());
      }
    });

    it("keeps each staff member's selection per post, in order, and removes one at a time", async () => {
      const [a, b, c] = models;
      const put = await api('PUT', 'posts/E-1/selected-models', { modelIds: [c.id, a.id, c.id] });
      expect(put.statusCode).toBe(200);
      expect(put.json<ModelBody[]>().map((m) => m.comcardNo)).toEqual(['JC-3', 'JC-1']);
      expect((await api('GET', 'posts/E-1/selected-models')).json<ModelBody[]>().map((m) => m.comcardNo)).toEqual([
        'JC-3',
        'JC-1',
      ]);
      // Another post and another staff member have selections of their own.
      expect((await api('GET', 'posts/E-2/selected-models')).json()).toEqual([]);
      expect((await api('GET', 'posts/E-1/selected-models', undefined, {}, staffToken)).json()).toEqual([]);
      await api('PUT', 'posts/E-1/selected-models', { modelIds: [b.id] }, {}, staffToken);

      expect((await api('DELETE', `posts/E-1/selected-models/${c.id}`)).statusCode).toBe(204);
      expect((await api('GET', 'posts/E-1/selected-models')).json<ModelBody[]>().map((m) => m.comcardNo)).toEqual([
        'JC-1',
      ]);
      expect(
        (await api('GET', 'posts/E-1/selected-models', undefined, {}, staffToken))
          .json<ModelBody[]>()
          .map((m) => m.comcardNo),
      ).toEqual(['JC-2']);
    });

    it('refuses unknown models and posts', async () => {
      expect((await api('PUT', 'posts/E-1/selected-models', { modelIds: [999999] })).statusCode).toBe(404);
      expect((await api('GET', 'posts/NOPE/selected-models')).statusCode).toBe(404);
      expect((await api('PUT', 'posts/E-1/selected-models', { modelIds: ['x'] })).statusCode).toBe(400);
    });
  });

  describe('sending', () => {
    let accountId: number;
    let models: ModelBody[];
    const account = SAMPLE_ACCOUNTS.find((sample) => sample.email === JIHYUN)!;

    beforeAll(async () => {
      accountId = await connectSandboxAccount(t, token, JIHYUN);
      await db.query('delete from talent_model');
      models = [];
      for (const [comcardNo, nameEng, nameKor, national] of [
        ['JC-7', 'Emily Carter', '에밀리', 'USA'],
        ['JC-8', 'Lucas Martin', '루카스', 'France'],
      ]) {
        models.push(
          (
            await api('POST', 'models', {
              comcardNo,
              nameEng,
              nameKor,
              national,
              htmlUrl: `https://profiles.example/${comcardNo}`,
            })
          ).json<ModelBody>(),
        );
      }
    });

    beforeEach(async () => {
      await sandboxCall('DELETE', '/sandbox/faults');
      await sandboxCall('DELETE', '/sandbox/gmail/messages');
      await db.query('delete from sent_email');
      await db.query('update post set is_email_sent = false');
      await db.query('update mail_account set needs_reauth = false');
      await api('PUT', 'posts/E-1/selected-models', { modelIds: models.map((m) => m.id) });
    });

    const specify = (fields: Record<string, unknown> = {}, key?: string) =>
      api(
        'POST',
        'email-templates/send',
        {
          recipient: ' cast@studio.example ',
          postId: 'E-1',
          accountId,
          subject: '[캐스팅] {{postId}} 프로필 {{modelCount}}명',
          content:
            '안녕하세요 {{manager}}님,\n{{allModelNames}} 프로필 보내드립니다.\n{{modelList}}\n<script>alert(1)</script>{{typo}}',
          ...fields,
        },
        key ? { 'idempotency-key': key } : {},
      );

    it('sends the rendered e-mail through Gmail as the account, with a Korean subject and the models, and records it', async () => {
      const answer = await specify();
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        success: true,
        message: 'Email sent successfully!',
        sentEmailId: expect.any(Number),
        messageId: expect.any(String),
        linkedInstead: [],
      });

      const [mail] = await sentMails();
      expect(mail.account).toBe(JIHYUN);
      expect(mail.from).toEqual({ name: account.name, address: JIHYUN });
      expect(mail.to).toEqual([expect.objectContaining({ address: 'cast@studio.example' })]);
      expect(mail.subject).toBe('[캐스팅] E-1 프로필 2명');
      expect(mail.html).toContain('안녕하세요 김실장님,');
      expect(mail.html).toContain('Emily Carter (에밀리), Lucas Martin (루카스) 프로필 보내드립니다.');
      expect(mail.html).toContain('<a href="https://profiles.example/JC-8"');
      expect(mail.html).toContain('{{typo}}');
      expect(
        await unsafeMarkup(
          mail.html!.replace(/^.*<body>|<\/body>.*$/gs, ''),
          [...mail.html!.matchAll(/style="([^"]*)"/g)].map((m) => m[1]),
        ),
      ).toEqual([]);
      expect(mail.html).not.toContain('alert(1)');
      expect(mail.text).toContain('Emily Carter (에밀리), Lucas Martin (루카스) 프로필 보내드립니다.');
      expect(mail.text).toContain('Profile (https://profiles.example/JC-7)');

      // What Specify's preview showed is what was sent.
      const preview = await api('POST', 'email-templates/preview', {
        postId: 'E-1',
        accountId,
        subject: '[캐스팅] {{postId}} 프로필 {{modelCount}}명',
        template:
          '안녕하세요 {{manager}}님,\n{{allModelNames}} 프로필 보내드립니다.\n{{modelList}}\n<script>alert(1)</script>{{typo}}',
      });
      expect(mail.html).toContain(preview.json().html);
      expect(preview.json().subject).toBe(mail.subject);

      const { rows } = await db.query(
        'select status, recipient, subject, gmail_message_id, account_id from sent_email',
      );
      expect(rows).toEqual([
        {
          status: 'sent',
          recipient: 'cast@studio.example',
          subject: '[캐스팅] E-1 프로필 2명',
          gmail_message_id: mail.id,
          account_id: accountId,
        },
      ]);
      const sentList = await api('GET', 'posts/sent-emails', undefined, {});
      expect(
        sentList
          .json()
          .posts.data.map((post: { postId: string; isEmailSent: boolean }) => [post.postId, post.isEmailSent]),
      ).toEqual([['E-1', true]]);
      const all = await api('GET', 'posts/search', undefined, {});
      expect(all.statusCode).toBe(200);
    });

    it("names the selected models' Drive files a customer could not open, as the account sees them", async () => {
      const link = (id: string) => `https://drive.google.com/uc?export=download&id=${id}`;
      const shared = (
        await api('POST', 'models', {
          comcardNo: 'JC-S1',
          nameKor: '공유됨',
          download: link(SEED.sharedPublicComcardId),
          htmlUrl: 'https://profiles.example/JC-S1',
        })
      ).json<ModelBody>();
      const restricted = (
        await api('POST', 'models', {
          comcardNo: 'JC-S2',
          nameKor: '비공개',
          download: link(SEED.sharedPrivateComcardId),
          comcardPhotoURL: `https://drive.google.com/file/d/${SEED.companyProfileId}/view`,
        })
      ).json<ModelBody>();
      const missing = (
        await api('POST', 'models', {
          comcardNo: 'JC-S3',
          nameEng: 'Gone',
          htmlUrl: 'https://drive.google.com/open?id=0NoSuchSandboxFile00',
        })
      ).json<ModelBody>();
      try {
        await api('PUT', 'posts/E-1/selected-models', { modelIds: [shared.id, restricted.id, missing.id] });
        const answer = await api('GET', `email-templates/comcard-sharing?postId=E-1&accountId=${accountId}`);
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({
          unshared: [
            { model: '비공개', field: 'download', link: link(SEED.sharedPrivateComcardId), sharing: 'restricted' },
            {
              model: 'Gone',
              field: 'htmlUrl',
              link: 'https://drive.google.com/open?id=0NoSuchSandboxFile00',
              sharing: 'unknown',
            },
          ],
        });
        // Nothing to check without selected models; bad queries are refused.
        expect((await api('GET', `email-templates/comcard-sharing?postId=E-2&accountId=${accountId}`)).json()).toEqual({
          unshared: [],
        });
        expect((await api('GET', 'email-templates/comcard-sharing?postId=E-1&accountId=x')).statusCode).toBe(400);
        expect(
          (await api('GET', `email-templates/comcard-sharing?postId=NOPE&accountId=${accountId}`)).statusCode,
        ).toBe(404);
        expect((await api('GET', 'email-templates/comcard-sharing?postId=E-1&accountId=999999')).statusCode).toBe(404);
      } finally {
        for (const model of [shared, restricted, missing]) await api('DELETE', `models/${model.id}`);
      }
    });

    it("sends a test copy to the signed-in staff member's own address, not the customer's, and logs no send", async () => {
      const answer = await api('POST', 'email-templates/send-test', {
        postId: 'E-1',
        accountId,
        subject: '[캐스팅] {{postId}} 프로필',
        content: '{{allModelNames}} 프로필입니다.',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        success: true,
        message: `Test e-mail sent to ${SUPERADMIN.email}.`,
        to: SUPERADMIN.email,
      });
      const mails = await sentMails();
      expect(mails).toHaveLength(1);
      expect(mails[0].to.map((to) => to.address)).toEqual([SUPERADMIN.email]);
      expect(mails[0].subject).toBe('[TEST] [캐스팅] E-1 프로필');
      expect(mails[0].html).toContain('Emily Carter (에밀리), Lucas Martin (루카스)');
      expect((await db.query('select count(*)::int as count from sent_email')).rows).toEqual([{ count: 0 }]);
      expect((await db.query(`select is_email_sent from post where post_key = 'E-1'`)).rows).toEqual([
        { is_email_sent: false },
      ]);

      expect(
        (
          await api('POST', 'email-templates/send-test', { postId: 'E-1', accountId, subject: '  ', content: 'x' })
        ).json().message,
      ).toBe('Please enter an email subject');
      expect(
        (await api('POST', 'email-templates/send-test', { postId: 'NOPE', accountId, subject: 's', content: 'x' }))
          .statusCode,
      ).toBe(404);
      expect((await api('POST', 'email-templates/send-test', { postId: 'E-1', accountId: 'x' })).statusCode).toBe(400);
      expect(await sentMails()).toHaveLength(1);
    });

    it("attaches each selected model's comcard file when asked, and names the models whose files stay links", async () => {
      const link = (id: string) => `https://drive.google.com/uc?export=download&id=${id}`;
      const pdf = (
        await api('POST', 'models', {
          comcardNo: 'JC-A1',
          nameKor: '첨부됨',
          download: link(SEED.sharedPublicComcardId),
        })
      ).json<ModelBody>();
      // A Google Sheet has no bytes to download: it stays a link.
      const sheet = (
        await api('POST', 'models', { comcardNo: 'JC-A2', nameKor: '시트', download: link(SEED.postsSpreadsheetId) })
      ).json<ModelBody>();
      try {
        await api('PUT', 'posts/E-1/selected-models', { modelIds: [pdf.id, sheet.id] });
        const answer = await specify({ attachComcards: true });
        expect(answer.statusCode).toBe(200);
        expect(answer.json().linkedInstead).toEqual(['시트']);
        const [mail] = await sentMails();
        expect(mail.attachments).toEqual([
          {
            filename: 'MC-0101 콤카드.pdf',
            mimeType: 'application/pdf',
            size: expect.any(Number),
            sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
            contentId: null,
            disposition: 'attachment',
          },
        ]);
        expect(mail.attachments[0].size).toBeGreaterThan(0);

        await sandboxCall('DELETE', '/sandbox/gmail/messages');
        expect((await specify({}, 'no-attachments')).json().linkedInstead).toEqual([]);
        expect((await sentMails())[0].attachments).toEqual([]);
      } finally {
        for (const model of [pdf, sheet]) await api('DELETE', `models/${model.id}`);
      }
    });

    it('sends once for a repeated request with the same idempotency key', async () => {
      const [first, second] = await Promise.all([specify({}, 'send-key-0001'), specify({}, 'send-key-0001')]);
      const statuses = [first.statusCode, second.statusCode].sort();
      // Both answer success, or the second finds the first still in flight.
      expect(statuses[0]).toBe(200);
      expect([200, 409]).toContain(statuses[1]);
      const third = await specify({}, 'send-key-0001');
      expect(third.statusCode).toBe(200);
      expect(third.json().sentEmailId).toBe(
        first.statusCode === 200 ? first.json().sentEmailId : second.json().sentEmailId,
      );
      expect(await sentMails()).toHaveLength(1);
      expect((await specify({}, 'send-key-0002')).statusCode).toBe(200);
      expect(await sentMails()).toHaveLength(2);
      expect((await specify({}, 'no')).statusCode).toBe(400);
    });

    it("keeps each staff member's idempotency keys apart: the same key from two sends two e-mails", async () => {
      const request = { recipient: 'cast@studio.example', postId: 'E-1', accountId, subject: '제목', content: '본문' };
      const post = (as: string) =>
        api('POST', 'email-templates/send', request, { 'idempotency-key': 'shared-key-0001' }, as);
      const mine = await post(token);
      const theirs = await post(staffToken);
      expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
      expect(theirs.json().sentEmailId).not.toBe(mine.json().sentEmailId);
      expect(await sentMails()).toHaveLength(2);
      // Each still finds their own send under the key.
      expect((await post(staffToken)).json().sentEmailId).toBe(theirs.json().sentEmailId);
      expect(await sentMails()).toHaveLength(2);
    });

    it('sends the default template with Simple', async () => {
      await db.query('delete from email_template');
      await api('POST', 'email-templates', {
        title: '기본',
        subject: '{{postId}} 모델 제안',
        template: '{{comcardNo}} / {{national}}',
      });
      const answer = await api('POST', 'email-templates/default', {
        recipient: 'cast@studio.example',
        accountId,
        postId: 'E-1',
      });
      expect(answer.statusCode).toBe(200);
      const [mail] = await sentMails();
      expect(mail.subject).toBe('E-1 모델 제안');
      expect(mail.text?.trim()).toBe('JC-7, JC-8 / USA, France');
      // The default template presents the selected models: with none, nothing is mailed.
      await api('PUT', 'posts/E-1/selected-models', { modelIds: [] });
      const noModels = await api('POST', 'email-templates/default', {
        recipient: 'cast@studio.example',
        accountId,
        postId: 'E-1',
      });
      expect(noModels.statusCode).toBe(400);
      expect(noModels.json().message).toBe(
        'No models selected. Choose the models for this post with Select Models before sending.',
      );
      expect(await sentMails()).toHaveLength(1);
      await db.query('delete from email_template');
      const none = await api('POST', 'email-templates/default', {
        recipient: 'cast@studio.example',
        accountId,
        postId: 'E-1',
      });
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe(
        'There is no default email template. Please create one in Email Templates first.',
      );
    });

    it('refuses a missing or invalid recipient, subject or content, and unknown posts and accounts', async () => {
      const invalid = await specify({ recipient: 'not-an-address', subject: ' ', content: '' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().details.validation.map((v: { message: string }) => v.message)).toEqual(
        expect.arrayContaining([
          'The recipient must be a valid e-mail address',
          'Please enter an email subject',
          'Please select an email template',
        ]),
      );
      expect((await specify({ postId: 'NOPE' })).statusCode).toBe(404);
      expect((await specify({ accountId: 999999 })).statusCode).toBe(404);
      expect(await sentMails()).toEqual([]);
    });

    it('retries a Gmail 500 and sends once', async () => {
      // Once: googleapis never retries a POST, so the 500 reaches the back end's own retry.
      await fault('server_error_500', 1);
      const answer = await specify();
      expect(answer.statusCode).toBe(200);
      expect(await sandboxCall('GET', '/sandbox/faults')).toEqual([]);
      expect(await sentMails()).toHaveLength(1);
    });

    it('tells a rate limit (try again soon) from the daily sending limit (403), and records the failure', async () => {
      await fault('too_many_requests_429', 1);
      const limited = await specify({}, 'limited-0001');
      expect(limited.statusCode).toBe(429);
      expect(await sandboxCall('GET', '/sandbox/faults')).toEqual([]);
      expect(limited.json().message).toBe(
        `Gmail is holding back the e-mails of ${JIHYUN} for now. Please try again in a minute or send from another account.`,
      );
      expect((await db.query('select status, error from sent_email')).rows).toEqual([
        { status: 'failed', error: limited.json().message },
      ]);
      // The same key after a failure is a new try.
      expect((await specify({}, 'limited-0001')).statusCode).toBe(200);
      expect((await db.query('select status from sent_email')).rows).toEqual([{ status: 'sent' }]);

      // Twice: Google's client refreshes its token and tries again once on a 403.
      await fault('daily_limit_403', 2);
      const spent = await specify();
      expect(spent.statusCode).toBe(429);
      expect(spent.json().message).toBe(
        `The daily sending limit of ${JIHYUN} has been reached. Please try again tomorrow or send from another account.`,
      );
      expect(await sandboxCall('GET', '/sandbox/faults')).toEqual([]);
      expect(await sentMails()).toHaveLength(1);
    });

    it('refuses an idempotency key used for a different e-mail', async () => {
      expect((await specify({}, 'reused-key-0001')).statusCode).toBe(200);
      const other = await specify({ recipient: 'other@studio.example' }, 'reused-key-0001');
      expect(other.statusCode).toBe(422);
      expect(other.json().message).toBe('This Idempotency-Key was used for a different e-mail.');
      expect(await sentMails()).toHaveLength(1);
    });

    it('never sends again under the key of a send Gmail did not answer, which may have gone out', async () => {
      // The same database and Redis, with Google calls that give up after 300 ms; Gmail answers after 1.5 s.
      const impatient = await startTestAppWith({ ...t.config, GOOGLE_TIMEOUT_MS: 300 });
      try {
        await sandboxCall('POST', '/sandbox/faults', { kind: 'slow', path: '/gmail/', delayMs: 1500, times: 1 });
        const send = () =>
          impatient.request({
            method: 'POST',
            url: `${API}/email-templates/send`,
            headers: { ...bearer(token), 'idempotency-key': 'silent-gmail-01' },
            payload: { recipient: 'cast@studio.example', postId: 'E-1', accountId, subject: '제목', content: '본문' },
          });
        const silent = await send();
        expect(silent.statusCode).toBe(502);
        expect(silent.json().message).toBe(
          `Gmail did not answer, so the e-mail may or may not have been sent. Please check the Sent folder of ${JIHYUN} before sending again.`,
        );
        expect((await db.query('select status from sent_email')).rows).toEqual([{ status: 'unknown' }]);
        // It did go out, late.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(await sentMails()).toHaveLength(1);

        const retried = await send();
        expect(retried.statusCode).toBe(409);
        expect(retried.json().message).toMatch(
          /^Gmail did not confirm an earlier try of this e-mail, so it may have been sent\./,
        );
        expect(await sentMails()).toHaveLength(1);
      } finally {
        await impatient.app.close();
      }
    });

    it('marks the account for re-authentication when Google refuses its sign-in', async () => {
      await sandboxCall('POST', '/sandbox/faults', { kind: 'invalid_grant', path: '/token' });
      await sandboxCall('POST', '/sandbox/tokens/expire', { account: JIHYUN });
      const refused = await specify();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        `Google no longer accepts the sign-in of ${JIHYUN}. Please re-authenticate the account.`,
      );
      expect((await db.query('select needs_reauth from mail_account where id = $1', [accountId])).rows).toEqual([
        { needs_reauth: true },
      ]);
      expect((await db.query('select status from sent_email')).rows).toEqual([{ status: 'failed' }]);
      expect(await sentMails()).toEqual([]);
      // Connect again for the next tests.
      accountId = await connectSandboxAccount(t, token, JIHYUN);
    });

    it('previews the editor with the fixed sample, and Specify with the post and its selected models', async () => {
      const sample = await api('POST', 'email-templates/preview', {
        template: '{{allModelNames}} {{comcardPic}}',
        subject: '{{postId}}',
      });
      expect(sample.statusCode).toBe(200);
      expect(sample.json().text).toContain('Emily Carter (에밀리 카터), Lucas Martin (루카스 마틴)');
      expect(sample.json().html).toContain('/samples/comcard-1.svg');
      expect(sample.json().subject).toBe('P-20261125-001');
      const forPost = await api('POST', 'email-templates/preview', {
        template: '{{email}} {{name}} {{customerEmail}} {{phoneCall}}',
        postId: 'E-1',
        accountId,
      });
      expect(forPost.json().text).toBe(`${JIHYUN} ${JIHYUN.split('@')[0]} cast@studio.example 010-1234-5678`);
      const noAccount = await api('POST', 'email-templates/preview', {
        template: '{{email}} / {{customerEmail}}',
        postId: 'E-2',
      });
      expect(noAccount.json().text).toBe(`${SUPERADMIN.email} / mv@label.example`);
    });
  });
});
