// Two staff members editing the same shared record: the later save never silently overwrites the earlier one.
import type { InjectOptions } from 'fastify';
import { toModelRecord } from '../src/modules/models/domain/model-record.js';
import { ModelsService } from '../src/modules/models/models.service.js';
import { bearer, startTestApp, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';

interface Contact {
  id: number;
  contactName: string;
  phoneNumber: string;
  kakaoTalk: string;
  checklistConfirm: string;
  memo: string;
  email: string;
  groupId: number | null;
  chatWindowName: string;
  version: number;
}
interface StaleDetails<T> {
  conflictingFields: string[];
  current?: T;
  staleRecords?: { id: number; conflictingFields: string[]; current: T }[];
}

describe('record versions: two staff members on one record', () => {
  let t: TestApp;
  /** The two staff members' sessions. */
  let ana: string;
  let ben: string;

  const as = async (token: string, method: InjectOptions['method'], path: string, payload?: object) => {
    const response = await t.request({
      method,
      url: `${API}/${path}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const ok = async <T>(token: string, method: InjectOptions['method'], path: string, payload?: object): Promise<T> => {
    const { status, body } = await as(token, method, path, payload);
    if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(body)}`);
    return body as T;
  };

  beforeAll(async () => {
    t = await startTestApp();
    for (const name of ['ana', 'ben'])
      await t.createUser({ email: `${name}@jobcasting.test`, password: `${name}-Password-1`, role: 'admin' });
    ana = (await t.login('ana@jobcasting.test', 'ana-Password-1')).token;
    ben = (await t.login('ben@jobcasting.test', 'ben-Password-1')).token;
  });
  afterAll(() => t.close());

  describe('contacts', () => {
    let bookId: number;
    let n = 0;
    /** A new contact of the shared book, as both staff members' tables list it. */
    const newContact = (fields: Partial<Contact> = {}) =>
      ok<Contact>(ana, 'POST', `address-books/${bookId}/contacts`, { contactName: `배우 ${++n}`, ...fields });
    const read = async (id: number) =>
      (await ok<{ data: Contact[] }>(ana, 'POST', 'contacts/lookup', { contactIds: [id] })).data[0];

    beforeAll(async () => {
      bookId = (await ok<{ id: number }>(ana, 'POST', 'address-books', { name: '공유 연락처' })).id;
    });

    it('refuses the later autosave of a field the other changed, naming it, with the row as it is now; nothing of that save is kept', async () => {
      const kim = await newContact({ memo: '' });
      const lee = await newContact();
      expect(kim.version).toBe(1);
      const saved = await ok<{ data: Contact[] }>(ana, 'PUT', 'contacts', {
        contacts: [{ id: kim.id, version: kim.version, memo: '오디션 합격' }],
      });
      expect(saved.data[0]).toMatchObject({ memo: '오디션 합격', version: 2 });

      const stale = await as(ben, 'PUT', 'contacts', {
        contacts: [
          { id: lee.id, version: lee.version, email: 'lee@example.com' },
          { id: kim.id, version: kim.version, memo: '연락 안 됨' },
        ],
      });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
      expect(stale.body.message).toContain(kim.contactName);
      const details = stale.body.details as StaleDetails<Contact>;
      expect(details.conflictingFields).toEqual(['memo']);
      expect(details.staleRecords).toEqual([
        {
          id: kim.id,
          conflictingFields: ['memo'],
          current: expect.objectContaining({ id: kim.id, memo: '오디션 합격', version: 2 }),
        },
      ]);
      // All or none: the other row of the refused save is not saved either.
      expect((await read(lee.id)).email).toBe('');

      // Re-applied on the version it now knows, Ben's edit goes through.
      const reapplied = await ok<{ data: Contact[] }>(ben, 'PUT', 'contacts', {
        contacts: [{ id: kim.id, version: 2, memo: '연락 안 됨' }],
      });
      expect(reapplied.data[0]).toMatchObject({ memo: '연락 안 됨', version: 3 });
    });

    it('refuses a stale Edit Contact save with the contact as it is now', async () => {
      const park = await newContact({ email: 'park@example.com' });
      await ok(ana, 'PUT', `contacts/${park.id}`, {
        version: park.version,
        email: 'park@agency.kr',
        contactName: park.contactName,
      });
      const stale = await as(ben, 'PUT', `contacts/${park.id}`, {
        version: park.version,
        email: 'park@gmail.com',
        contactName: park.contactName,
        memo: '새 메모',
      });
      expect(stale.status).toBe(409);
      const details = stale.body.details as StaleDetails<Contact>;
      expect(details.conflictingFields).toEqual(['email']);
      expect(details.current).toMatchObject({ id: park.id, email: 'park@agency.kr', memo: '', version: 2 });
      expect(await read(park.id)).toMatchObject({ email: 'park@agency.kr', memo: '' });
    });

    it('saves an edit of fields nobody changed since, keeping the other staff member’s change', async () => {
      const choi = await newContact();
      await ok(ana, 'PUT', 'contacts', { contacts: [{ id: choi.id, version: choi.version, memo: '재계약' }] });
      const saved = await ok<{ data: Contact[] }>(ben, 'PUT', 'contacts', {
        contacts: [{ id: choi.id, version: choi.version, email: 'choi@example.com' }],
      });
      expect(saved.data[0]).toMatchObject({ memo: '재계약', email: 'choi@example.com', version: 3 });
    });

    it('lets exactly one of two saves made at the same moment on the same version through', async () => {
      const jung = await newContact();
      const [first, second] = await Promise.all(
        [ana, ben].map((token, i) =>
          as(token, 'PUT', 'contacts', { contacts: [{ id: jung.id, version: jung.version, memo: `memo ${i}` }] }),
        ),
      );
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const winner = first.status === 200 ? 'memo 0' : 'memo 1';
      expect((await read(jung.id)).memo).toBe(winner);
    });

    it('counts a move and a KakaoTalk batch as changes, and a check mark not', async () => {
      const groupId = (await ok<{ id: number }>(ana, 'POST', `address-books/${bookId}/groups`, { name: '배우' })).id;
      const yoon = await newContact({
        phoneNumber: '010-1234-5678',
        kakaoTalk: '윤 카톡',
        chatWindowName: '윤',
        checklistConfirm: 'inconsistency',
      });
      await ok(ana, 'POST', 'contacts/check', { addressBookId: bookId, contactIds: [yoon.id], checked: true });
      expect((await read(yoon.id)).version).toBe(yoon.version);

      await ok(ana, 'POST', 'contacts/move', { contactIds: [yoon.id], groupId });
      const moved = await as(ben, 'PUT', `contacts/${yoon.id}`, { version: yoon.version, groupId: null });
      expect(moved.status).toBe(409);
      expect(moved.body.details.conflictingFields).toEqual(['groupId']);

      const beforeBatch = await read(yoon.id);
      await ok(ana, 'POST', 'save-kakao-list', { kakaoList: [{ id: yoon.id }] });
      const renamed = await as(ben, 'PUT', `contacts/${yoon.id}`, {
        version: beforeBatch.version,
        chatWindowName: '윤 배우',
        memo: '확인',
      });
      expect(renamed.status).toBe(409);
      expect(renamed.body.details.conflictingFields).toEqual(['chatWindowName']);
      expect(renamed.body.details.current).toMatchObject({
        chatWindowName: '윤 카톡',
        version: beforeBatch.version + 1,
      });
    });

    it('does not check a save without a version (the spec’s clients)', async () => {
      const han = await newContact();
      await ok(ana, 'PUT', `contacts/${han.id}`, { version: han.version, memo: 'Ana' });
      expect(await ok<Contact>(ben, 'PUT', `contacts/${han.id}`, { memo: 'Ben' })).toMatchObject({
        memo: 'Ben',
        version: 3,
      });
    });

    it('refuses a version that is not a positive integer', async () => {
      const kang = await newContact();
      for (const version of [0, 1.5, '2', 2_147_483_648]) {
        const response = await as(ben, 'PUT', 'contacts', { contacts: [{ id: kang.id, version, memo: 'x' }] });
        expect(response.status).toBe(400);
      }
    });
  });

  describe('models', () => {
    interface Model {
      id: number;
      comcardNo: string;
      nameEng: string | null;
      stage: string | null;
      version: number;
    }

    it('refuses the later save of the model form on the same version, naming the field, with the model as it is now', async () => {
      const model = await ok<Model>(ana, 'POST', 'models', { comcardNo: 'JC-700', nameEng: 'Mina', stage: 'Mina A' });
      const form = { comcardNo: 'JC-700', nameEng: 'Mina', nameKor: null, national: null, stage: 'Mina A' };
      expect(
        await ok<Model>(ana, 'PUT', `models/${model.id}`, { ...form, stage: 'Mina B', version: model.version }),
      ).toMatchObject({ stage: 'Mina B', version: 2 });

      const stale = await as(ben, 'PUT', `models/${model.id}`, {
        ...form,
        nameEng: 'Mina Park',
        version: model.version,
      });
      expect(stale.status).toBe(409);
      const details = stale.body.details as StaleDetails<Model>;
      expect(details.conflictingFields).toEqual(['stage']);
      expect(details.current).toMatchObject({ id: model.id, nameEng: 'Mina', stage: 'Mina B', version: 2 });

      const reapplied = await ok<Model>(ben, 'PUT', `models/${model.id}`, {
        ...form,
        stage: 'Mina B',
        nameEng: 'Mina Park',
        version: 2,
      });
      expect(reapplied).toMatchObject({ nameEng: 'Mina Park', stage: 'Mina B', version: 3 });
    });

    it('counts a sheet import that changes a model as a change', async () => {
      const model = await ok<Model>(ana, 'POST', 'models', { comcardNo: 'JC-701', nameEng: 'Joon' });
      await t.app.get(ModelsService).upsertModels([toModelRecord({ comcardNo: 'JC-701', nameEng: 'Joon Lee' })!]);
      const stale = await as(ben, 'PUT', `models/${model.id}`, {
        comcardNo: 'JC-701',
        nameEng: 'Joon Kim',
        version: model.version,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.details).toMatchObject({
        conflictingFields: ['nameEng'],
        current: { nameEng: 'Joon Lee', version: 2 },
      });
    });
  });

  describe('e-mail templates', () => {
    interface Template {
      id: number;
      title: string;
      subject: string;
      template: string;
      version: number;
    }
    const body = { title: '오디션 안내', subject: '오디션 일정', template: '안녕하세요 {{name}}', isActive: true };

    it('refuses the later save of the editor on the same version, naming the field, with the template as it is now', async () => {
      const created = await ok<Template>(ana, 'POST', 'email-templates', body);
      expect(
        await ok<Template>(ana, 'PUT', `email-templates/${created.id}`, {
          ...body,
          title: '오디션 안내 (최종)',
          version: created.version,
        }),
      ).toMatchObject({ version: 2 });

      const stale = await as(ben, 'PUT', `email-templates/${created.id}`, {
        ...body,
        subject: '촬영 일정',
        version: created.version,
      });
      expect(stale.status).toBe(409);
      const details = stale.body.details as StaleDetails<Template>;
      expect(details.conflictingFields).toEqual(['title']);
      expect(details.current).toMatchObject({ title: '오디션 안내 (최종)', subject: '오디션 일정', version: 2 });

      // The spec's body, without a version, is not checked.
      expect(
        await ok<Template>(ben, 'PUT', `email-templates/${created.id}`, { ...body, subject: '촬영 일정' }),
      ).toMatchObject({ title: '오디션 안내', version: 3 });
    });

    it('does not count a change of the default as an edit of a template', async () => {
      const first = await ok<Template>(ana, 'POST', 'email-templates', { ...body, title: 'A' });
      const second = await ok<Template>(ana, 'POST', 'email-templates', { ...body, title: 'B' });
      await ok(ana, 'POST', `email-templates/set-default/${second.id}`);
      await ok(ana, 'POST', `email-templates/set-default/${first.id}`);
      expect(
        await ok<Template>(ben, 'PUT', `email-templates/${second.id}`, {
          ...body,
          title: 'B2',
          version: second.version,
        }),
      ).toMatchObject({ title: 'B2' });
    });
  });

  describe('message templates', () => {
    interface MessageTemplate {
      id: string;
      title: string;
      message: string;
      version: number;
    }

    it('refuses the later save of the Template dialog on the same version, naming the field, with the template as it is now', async () => {
      const { template } = await ok<{ template: MessageTemplate }>(ana, 'POST', 'message-templates', {
        id: 'tpl-versions',
        title: '안내',
        message: '내일 오디션입니다.',
        fileType: '묶음',
      });
      expect(template.version).toBe(1);
      const form = { title: '안내', message: '내일 오디션입니다.', fileType: '묶음', files: [] };
      await ok(ana, 'PUT', 'message-templates/tpl-versions', { ...form, message: '모레 오디션입니다.', version: 1 });

      const stale = await as(ben, 'PUT', 'message-templates/tpl-versions', {
        ...form,
        title: '오디션 안내',
        version: 1,
      });
      expect(stale.status).toBe(409);
      const details = stale.body.details as StaleDetails<MessageTemplate>;
      expect(details.conflictingFields).toEqual(['message']);
      expect(details.current).toMatchObject({
        id: 'tpl-versions',
        title: '안내',
        message: '모레 오디션입니다.',
        version: 2,
      });

      const { template: reapplied } = await ok<{ template: MessageTemplate }>(
        ben,
        'PUT',
        'message-templates/tpl-versions',
        {
          ...form,
          title: '오디션 안내',
          message: '모레 오디션입니다.',
          version: 2,
        },
      );
      expect(reapplied).toMatchObject({ title: '오디션 안내', message: '모레 오디션입니다.', version: 3 });
    });
  });
});
