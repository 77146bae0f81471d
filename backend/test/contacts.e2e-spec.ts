import { EntityManager } from '@mikro-orm/postgresql';
import { contactListQuery, systemGroupCountsQuery } from '../src/modules/contacts/address-books.service.js';
import { bearer, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';

interface Contact {
  id: number;
  check: boolean;
  contactName: string;
  phoneNumber: string;
  email: string;
  memo: string;
  definition1: string;
  completionStatus: string;
  checklistConfirm: string;
  chatWindowName: string;
  kakaoTalk: string;
  modifyChat: string;
  Group: string | null;
  groupId: number | null;
}

describe('contacts', () => {
  let t: TestApp;
  let token: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    t.request({ method, url: `${API}/${path}`, headers: bearer(token), payload });
  const ok = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    status = 200,
  ): Promise<T> => {
    const response = await call(method, path, payload);
    if (response.statusCode !== status) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const newBook = async (name: string) => (await ok<{ id: number }>('POST', 'address-books', { name }, 201)).id;
  const newGroup = async (bookId: number, name: string) =>
    (await ok<{ id: number }>('POST', `address-books/${bookId}/groups`, { name }, 201)).id;
  const addContact = (bookId: number, fields: Partial<Contact> & { contactName: string }) =>
    ok<Contact>('POST', `address-books/${bookId}/contacts`, fields, 201);
  const contactsOf = async (bookId: number, query = '') =>
    (await ok<{ data: Contact[] }>('GET', `address-books/${bookId}/contacts${query}`)).data;

  beforeAll(async () => {
    t = await startTestApp({ VERBOSE_ERRORS: 'true' });
    token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
  });
  afterAll(() => t.close());

  it('refuses every contacts route without a session', async () => {
    for (const [method, url] of [
      ['GET', 'address-book'],
      ['POST', 'contact-list/bulk'],
      ['POST', 'save-kakao-list'],
      ['POST', 'contacts/merge'],
      ['GET', 'contact-column-settings'],
    ] as const) {
      expect((await t.request({ method, url: `${API}/${url}` })).statusCode).toBe(401);
    }
  });

  describe('address books and groups', () => {
    it('lists books with their counts in the spec shape, and refuses a second book of the same name', async () => {
      const id = await newBook('2026 배우 연락처');
      await addContact(id, { contactName: '김민준' });
      // The spec writes the path with a trailing slash.
      const { addressBooks } = await ok<{ addressBooks: { id: number; name: string; contactCount: number }[] }>(
        'GET',
        'address-book/',
      );
      expect(addressBooks).toContainEqual({ id, name: '2026 배우 연락처', contactCount: 1 });
      const again = await call('POST', 'address-books', { name: ' 2026 배우 연락처 ' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Address book already exists');
    });

    it('answers a book by name as addressBookByContactList, and 404 for an unknown name', async () => {
      const id = await newBook('촬영 스태프');
      await addContact(id, { contactName: '박서준', phoneNumber: '010-2222-3333' });
      const body = await ok<{ addressBookByContactList: Contact[] }>(
        'GET',
        `address-book/address-book-name/${encodeURIComponent('촬영 스태프')}`,
      );
      expect(body.addressBookByContactList).toEqual([
        expect.objectContaining({ contactName: '박서준', phoneNumber: '010-2222-3333', check: false, Group: null }),
      ]);
      expect((await call('GET', 'address-book/address-book-name/nope')).statusCode).toBe(404);
    });

    it('trims group names, requires them and keeps them unique in their book', async () => {
      const book = await newBook('groups');
      const other = await newBook('groups 2');
      const created = await ok<{ id: number; name: string }>(
        'POST',
        `address-books/${book}/groups`,
        { name: '  배우  ' },
        201,
      );
      expect(created.name).toBe('배우');
      const duplicate = await call('POST', `address-books/${book}/groups`, { name: '배우' });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().message).toBe('Group already exists');
      expect((await call('POST', `address-books/${other}/groups`, { name: '배우' })).statusCode).toBe(201);
      const blank = await call('POST', `address-books/${book}/groups`, { name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().details.validation[0].message).toBe('Please enter a group name');
    });

    it('refuses to delete a group with contacts, naming how many, and deletes an empty one', async () => {
      const book = await newBook('group deletion');
      const group = await newGroup(book, '모델');
      await addContact(book, { contactName: 'a', groupId: group });
      await addContact(book, { contactName: 'b', groupId: group });
      const refused = await call('DELETE', `contact-groups/${group}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Cannot delete group with 2 contact(s)');
      const empty = await newGroup(book, '빈 그룹');
      expect((await call('DELETE', `contact-groups/${empty}`)).statusCode).toBe(204);
      expect(
        (await ok<{ groups: { id: number }[] }>('GET', `address-books/${book}/groups`)).groups.map((g) => g.id),
      ).toEqual([group]);
    });

    it('never deletes a system group nor lets a group take its name', async () => {
      const book = await newBook('system names');
      for (const view of ['entire', 'selected', 'kakao-friend', 'edit-nickname', 'duplicates']) {
        const refused = await call('DELETE', `contact-groups/${view}`);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe('System groups cannot be deleted');
      }
      for (const name of ['entire', ' Selected ', 'Add KakaoTalk friend']) {
        const taken = await call('POST', `address-books/${book}/groups`, { name });
        expect(taken.statusCode).toBe(409);
        expect(taken.json().message).toBe('Group already exists');
      }
    });

    it('lists the system groups as views with their counts', async () => {
      const book = await newBook('system groups');
      await addContact(book, { contactName: 'a', phoneNumber: '010-1234-5678', check: true });
      await addContact(book, { contactName: 'b', phoneNumber: '+82 10 1234 5678', checklistConfirm: 'Mismatch' });
      await addContact(book, { contactName: 'c', phoneNumber: '010-9999-0000', completionStatus: '1' });
      const { systemGroups } = await ok<{ systemGroups: { view: string; name: string; contactCount: number }[] }>(
        'GET',
        `address-books/${book}/groups`,
      );
      expect(systemGroups).toEqual([
        { view: 'entire', name: 'Entire', contactCount: 3 },
        { view: 'selected', name: 'Selected', contactCount: 1 },
        { view: 'kakao-friend', name: 'Add KakaoTalk friend', contactCount: 1 },
        { view: 'edit-nickname', name: 'Edit nickname', contactCount: 1 },
        { view: 'duplicates', name: 'Remove duplicates', contactCount: 2 },
      ]);
      expect((await contactsOf(book, '?view=duplicates')).map((c) => c.contactName)).toEqual(['a', 'b']);
      expect((await contactsOf(book, '?view=edit-nickname')).map((c) => c.checklistConfirm)).toEqual(['inconsistency']);
      expect((await call('GET', `address-books/${book}/contacts?view=everyone`)).statusCode).toBe(400);
    });
  });

  describe('contacts', () => {
    it('requires a name, keeps the phone as typed and edits only the fields given', async () => {
      const book = await newBook('editing');
      const missing = await call('POST', `address-books/${book}/contacts`, { contactName: ' ', phoneNumber: '010' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details.validation[0].message).toBe('Name is required');
      const created = await addContact(book, {
        contactName: ' 이수민 ',
        phoneNumber: '+82 10-5555-6666',
        email: 'sumin@a.kr',
        memo: ' 메모 ',
      });
      expect(created).toMatchObject({ contactName: '이수민', phoneNumber: '+82 10-5555-6666', memo: ' 메모 ' });
      const updated = await ok<Contact>('PUT', `contacts/${created.id}`, { definition1: '배우' });
      expect(updated).toMatchObject({ contactName: '이수민', email: 'sumin@a.kr', definition1: '배우' });
      expect((await call('PUT', 'contacts/999999', { memo: 'x' })).statusCode).toBe(404);
    });

    it('refuses a phone with more digits than a phone has', async () => {
      const book = await newBook('long phones');
      const refused = await call('POST', `address-books/${book}/contacts`, {
        contactName: 'a',
        phoneNumber: '1'.repeat(21),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/more than 20 digits/);
      const contact = await addContact(book, { contactName: 'b', phoneNumber: '010-1234-5678' });
      expect((await call('PUT', `contacts/${contact.id}`, { phoneNumber: '9'.repeat(60) })).statusCode).toBe(400);
    });

    it('takes only the listed values for the status and checklist cells and an address for e-mail, on every edit', async () => {
      const book = await newBook('choices');
      const contact = await addContact(book, {
        contactName: '김민준',
        checklistConfirm: '불일치',
        completionStatus: '3',
        email: ' minjun@example.com ',
      });
      // A known spelling is stored in the list tab's words.
      expect(contact).toMatchObject({
        checklistConfirm: 'inconsistency',
        completionStatus: '3',
        email: 'minjun@example.com',
      });

      const refusals = [
        [
          { checklistConfirm: 'ok' },
          'checklistConfirm',
          'Checklist Confirmation must be agreement or inconsistency (or blank)',
        ],
        [{ completionStatus: '2' }, 'completionStatus', "Completion Status must be one of '1', '3', '5' (or blank)"],
        [{ startStatus: 'started' }, 'startStatus', "Start Status must be one of '1', '3', '5' (or blank)"],
        [{ email: '김민준' }, 'email', 'Email must be an email address (or blank)'],
      ] as const;
      for (const [fields, path, message] of refusals) {
        for (const response of [
          await call('PUT', `contacts/${contact.id}`, fields),
          await call('PUT', 'contacts', { contacts: [{ id: contact.id, ...fields }] }),
          await call('POST', `address-books/${book}/contacts`, { contactName: 'x', ...fields }),
        ]) {
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({
            error: 'Bad Request',
            message,
            details: { validation: [{ path: expect.stringContaining(path), message }] },
          });
        }
      }
      expect(
        (await contactsOf(book)).map((c) => [c.contactName, c.checklistConfirm, c.completionStatus, c.email]),
      ).toEqual([['김민준', 'inconsistency', '3', 'minjun@example.com']]);

      const saved = await ok<{ data: Contact[] }>('PUT', 'contacts', {
        contacts: [
          { id: contact.id, checklistConfirm: 'agreement', completionStatus: '5', startStatus: '1', email: '' },
        ],
      });
      expect(saved.data[0]).toMatchObject({ checklistConfirm: 'agreement', completionStatus: '5', email: '' });
      // A merge's list of addresses is an e-mail value too.
      const listed = await ok<Contact>('PUT', `contacts/${contact.id}`, { email: 'minjun@example.com, mj@agency.kr' });
      expect(listed.email).toBe('minjun@example.com, mj@agency.kr');
    });

    it('keeps what an import carries in those fields: nothing in a file is lost', async () => {
      const { addressBookId } = await ok<{ addressBookId: number }>(
        'POST',
        'contact-list/bulk',
        {
          addressBook: 'legacy.csv',
          contacts: [{ contactName: '이서연', checklistConfirm: 'Match', completionStatus: '2', email: '없음' }],
        },
        201,
      );
      expect((await contactsOf(addressBookId))[0]).toMatchObject({
        checklistConfirm: 'agreement',
        completionStatus: '2',
        email: '없음',
      });
    });

    it('saves many rows at once, and none of them when one is refused', async () => {
      const book = await newBook('autosave');
      const a = await addContact(book, { contactName: 'a' });
      const b = await addContact(book, { contactName: 'b' });
      const saved = await ok<{ data: Contact[] }>('PUT', 'contacts', {
        contacts: [
          { id: a.id, memo: '1' },
          { id: b.id, check: true },
        ],
      });
      expect(saved.data.map((c) => [c.memo, c.check])).toEqual([
        ['1', false],
        ['', true],
      ]);
      const failed = await call('PUT', 'contacts', {
        contacts: [
          { id: a.id, memo: '2' },
          { id: 999999, memo: '3' },
        ],
      });
      expect(failed.statusCode).toBe(404);
      expect((await contactsOf(book)).find((c) => c.id === a.id)?.memo).toBe('1');
    });

    it('refuses a group of another book', async () => {
      const book = await newBook('own groups');
      const elsewhere = await newGroup(await newBook('other groups'), 'x');
      expect(
        (await call('POST', `address-books/${book}/contacts`, { contactName: 'a', groupId: elsewhere })).statusCode,
      ).toBe(400);
      // Saved rows: each into a group of its own book, or none of them.
      const own = await newGroup(book, 'own');
      const [a, b] = [await addContact(book, { contactName: 'a' }), await addContact(book, { contactName: 'b' })];
      const mixed = await call('PUT', 'contacts', {
        contacts: [
          { id: a.id, groupId: own },
          { id: b.id, groupId: elsewhere },
        ],
      });
      expect(mixed.statusCode).toBe(400);
      const saved = await ok<{ data: Contact[] }>('PUT', 'contacts', {
        contacts: [
          { id: a.id, groupId: own },
          { id: b.id, groupId: own },
          { id: a.id, groupId: null },
        ],
      });
      expect(saved.data.map((contact) => contact.groupId)).toEqual([null, own]);
    });

    it('checks and unchecks all of a book or some contacts', async () => {
      const book = await newBook('checks');
      const [a, b] = [await addContact(book, { contactName: 'a' }), await addContact(book, { contactName: 'b' })];
      expect(await ok('POST', 'contacts/check', { addressBookId: book, checked: true })).toEqual({ count: 2 });
      expect(await ok('POST', 'contacts/check', { addressBookId: book, contactIds: [a.id], checked: false })).toEqual({
        count: 1,
      });
      expect((await contactsOf(book, '?view=selected')).map((c) => c.id)).toEqual([b.id]);
    });

    it('keeps deleted contacts restorable', async () => {
      const book = await newBook('deletion');
      const a = await addContact(book, { contactName: 'a', phoneNumber: '010-1111-2222' });
      expect(await ok('POST', 'contacts/delete', { contactIds: [a.id] })).toEqual({ count: 1 });
      expect(await contactsOf(book)).toEqual([]);
      const restored = await ok<{ data: Contact[] }>('POST', 'contacts/restore', { contactIds: [a.id] });
      expect(restored.data).toEqual([
        expect.objectContaining({ id: a.id, contactName: 'a', phoneNumber: '010-1111-2222' }),
      ]);
    });

    it('reads the live contacts among the ids given, for the message sender', async () => {
      const book = await newBook('lookup');
      const a = await addContact(book, { contactName: '김민준', phoneNumber: '010-1111-2222', definition1: '배우' });
      const b = await addContact(book, { contactName: '이서연', phoneNumber: '010-3333-4444' });
      await ok('POST', 'contacts/delete', { contactIds: [b.id] });
      const found = await ok<{ data: Contact[]; total: number }>('POST', 'contacts/lookup', {
        contactIds: [b.id, a.id, 999_999],
      });
      expect(found.data).toEqual([
        expect.objectContaining({ id: a.id, contactName: '김민준', phoneNumber: '010-1111-2222', definition1: '배우' }),
      ]);
    });

    it('pastes copies with new ids into a group, checked, and removes the originals after a cut', async () => {
      const book = await newBook('clipboard');
      const from = await newGroup(book, 'from');
      const to = await newGroup(book, 'to');
      const a = await addContact(book, { contactName: 'a', phoneNumber: '010-1', groupId: from, memo: 'm' });
      const copied = await ok<{ data: Contact[] }>('POST', 'contacts/paste', {
        contactIds: [a.id],
        groupId: to,
        removeOriginals: false,
      });
      expect(copied.data).toEqual([
        expect.objectContaining({ contactName: 'a', memo: 'm', groupId: to, Group: 'to', check: true }),
      ]);
      expect(copied.data[0].id).toBeGreaterThan(a.id);
      expect((await contactsOf(book)).length).toBe(2);
      const cut = await ok<{ data: Contact[] }>('POST', 'contacts/paste', {
        contactIds: [a.id],
        groupId: to,
        removeOriginals: true,
      });
      expect(cut.data[0].groupId).toBe(to);
      expect((await contactsOf(book)).map((c) => c.groupId)).toEqual([to, to]);
      expect(
        (await call('POST', 'contacts/paste', { contactIds: [], groupId: to, removeOriginals: false })).json().message,
      ).toBe('There are no contacts to paste');
    });

    it('copies a cut once when it is pasted twice at the same time', async () => {
      const book = await newBook('clipboard race');
      const to = await newGroup(book, 'to');
      const { addressBookId } = await ok<{ addressBookId: number }>(
        'POST',
        'contact-list/bulk',
        {
          addressBook: 'clipboard race source',
          contacts: Array.from({ length: 50 }, (_, i) => ({ contactName: `c${i}` })),
        },
        201,
      );
      const cut = (await contactsOf(addressBookId)).map((c) => c.id);
      const target = await newGroup(addressBookId, 'target');
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          call('POST', 'contacts/paste', { contactIds: cut, groupId: target, removeOriginals: true }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
      const live = await contactsOf(addressBookId);
      expect(live).toHaveLength(50);
      expect(new Set(live.map((c) => c.groupId))).toEqual(new Set([target]));
      expect(to).toBeGreaterThan(0);
    });

    it('moves checked contacts to a group of their book', async () => {
      const book = await newBook('moving');
      const group = await newGroup(book, 'g');
      const a = await addContact(book, { contactName: 'a' });
      expect(await ok('POST', 'contacts/move', { contactIds: [a.id], groupId: group })).toEqual({ count: 1 });
      expect((await contactsOf(book, `?groupId=${group}`)).map((c) => c.id)).toEqual([a.id]);
      const foreign = await newGroup(await newBook('moving elsewhere'), 'g');
      expect((await call('POST', 'contacts/move', { contactIds: [a.id], groupId: foreign })).statusCode).toBe(400);
    });

    it('adds contacts in bulk to a named book, creating it and its groups (201)', async () => {
      const result = await ok<{ success: boolean; addressBookId: number; imported: number }>(
        'POST',
        'contact-list/bulk',
        {
          addressBook: 'actors.csv',
          contacts: [
            { contactName: '가', Group: ' 배우 ' },
            { contactName: '나', Group: '배우' },
            { contactName: '다' },
          ],
        },
        201,
      );
      expect(result).toMatchObject({ success: true, imported: 3 });
      const contacts = await contactsOf(result.addressBookId);
      expect(contacts.map((c) => c.Group)).toEqual(['배우', '배우', null]);
    });
  });

  describe('duplicates', () => {
    it('finds every written form of one phone number, and scans the whole book', async () => {
      const book = await newBook('duplicates');
      for (const phone of [
        '010-1234-5678',
        '01012345678',
        '+82 10 1234 5678',
        '010.1234.5678',
        '010-0000-0000',
        '02-555-0101',
        '025550101',
      ]) {
        await addContact(book, { contactName: phone, phoneNumber: phone });
      }
      const found = await ok<{ data: Contact[] }>(
        'GET',
        `address-books/${book}/duplicates?phone=${encodeURIComponent('+82 (0)10-1234-5678')}`,
      );
      expect(found.data.map((c) => c.phoneNumber)).toEqual([
        '010-1234-5678',
        '01012345678',
        '+82 10 1234 5678',
        '010.1234.5678',
      ]);
      const empty = await call('GET', `address-books/${book}/duplicates?phone=%20`);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details.validation[0].message).toBe('Please enter a phone number to search.');
      const scan = await ok<{ groups: { phoneDigits: string; count: number }[]; contacts: number; duplicated: number }>(
        'GET',
        `address-books/${book}/duplicate-groups`,
      );
      expect(scan.groups.map((g) => [g.phoneDigits, g.count])).toEqual([
        ['01012345678', 4],
        ['025550101', 2],
      ]);
      expect(scan).toMatchObject({ contacts: 7, duplicated: 6 });
    });

    it("reads the duplicates view and the system groups' counts in one pass over the book, whatever its statistics say", async () => {
      interface PlanNode {
        'Node Type': string;
        'Relation Name'?: string;
        'Actual Loops': number;
        Plans?: PlanNode[];
      }
      const scansOfContact = (node: PlanNode): [string, number][] => [
        ...(node['Relation Name'] === 'contact' ? [[node['Node Type'], node['Actual Loops']] as [string, number]] : []),
        ...(node.Plans ?? []).flatMap(scansOfContact),
      ];
      const em = t.app.get(EntityManager).fork();
      const insertContacts = (book: number, count: number, distinctPhones: number) =>
        em.execute(
          `insert into "contact" ("address_book_id", "contact_name", "phone_number", "phone_digits")
           select ?, 'contact ' || i, p, p from (select i, '010' || (20000000 + i % ?) as p from generate_series(1, ?) i) s`,
          [book, distinctPhones, count],
        );
      // The statistics are taken before the book holds anything, and not again (as right after an import, until
      // autovacuum comes round): they tell the planner the book is empty.
      await em.execute(`alter table "contact" set (autovacuum_enabled = off)`);
      try {
        await insertContacts(await newBook('analysed'), 50, 50);
        await em.execute(`analyze "contact"`);
        const book = await newBook('imported since');
        // 3,000 contacts, 300 phones twice.
        await insertContacts(book, 3000, 2700);
        for (const { sql, params } of [contactListQuery(book, { view: 'duplicates' }), systemGroupCountsQuery(book)]) {
          const [
            {
              'QUERY PLAN': [explained],
            },
          ] = await em.execute<{ 'QUERY PLAN': { Plan: PlanNode }[] }[]>(
            `explain (analyze, format json) ${sql}`,
            params,
          );
          const scans = scansOfContact(explained.Plan);
          expect(scans.length).toBeGreaterThan(0);
          expect(scans.filter(([, loops]) => loops !== 1)).toEqual([]);
        }
        expect(await contactsOf(book, '?view=duplicates')).toHaveLength(600);
      } finally {
        await em.execute(`alter table "contact" reset (autovacuum_enabled)`);
      }
    });

    it('merges into the default in one step, fills blanks, joins e-mails and memos, and keeps the merged-away rows restorable', async () => {
      const book = await newBook('merging');
      const survivor = await addContact(book, {
        contactName: '김민준',
        phoneNumber: '010-1234-5678',
        email: 'kim@a.kr',
        memo: '첫 메모',
      });
      const other = await addContact(book, {
        contactName: '김민준2',
        phoneNumber: '01012345678',
        email: 'minjun@b.kr',
        memo: '둘째',
        definition1: '배우',
      });
      const stranger = await addContact(book, { contactName: 'x', phoneNumber: '010-9999-9999' });
      const mismatch = await call('POST', 'contacts/merge', {
        survivorId: survivor.id,
        contactIds: [survivor.id, stranger.id],
        mergeEmails: false,
        mergeMemos: false,
      });
      expect(mismatch.statusCode).toBe(400);
      const merged = await ok<Contact>('POST', 'contacts/merge', {
        survivorId: survivor.id,
        contactIds: [survivor.id, other.id],
        mergeEmails: true,
        mergeMemos: true,
      });
      expect(merged).toMatchObject({
        contactName: '김민준',
        email: 'kim@a.kr, minjun@b.kr',
        memo: '첫 메모\n둘째',
        definition1: '배우',
      });
      expect((await contactsOf(book)).map((c) => c.id)).toEqual([survivor.id, stranger.id]);
      const kept = await ok<{ data: Contact[] }>('GET', `contacts/${survivor.id}/merged`);
      expect(kept.data).toEqual([
        expect.objectContaining({ id: other.id, contactName: '김민준2', email: 'minjun@b.kr' }),
      ]);
      await ok('POST', 'contacts/restore', { contactIds: [other.id] });
      expect((await contactsOf(book)).map((c) => c.id)).toEqual([survivor.id, other.id, stranger.id]);
    });

    it('needs a default to merge into', async () => {
      const response = await call('POST', 'contacts/merge', {
        survivorId: 999999,
        contactIds: [1, 2],
        mergeEmails: false,
        mergeMemos: false,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please set a default value.');
    });
  });

  describe('KakaoTalk batches', () => {
    it('records a friend-request batch of the eligible contacts, marks them requested, and lets its items be worked through', async () => {
      const book = await newBook('kakao friends');
      const ready = await addContact(book, { contactName: 'ready', phoneNumber: '010-1000-0001' });
      const noPhone = await addContact(book, { contactName: 'no phone' });
      const matched = await addContact(book, {
        contactName: 'matched',
        phoneNumber: '010-1000-0002',
        checklistConfirm: 'agreement',
      });
      const result = await ok<{ success: boolean; batchId: number; count: number; message: string }>(
        'POST',
        'save-kakao-list',
        {
          filteredKakaoList: [{ id: ready.id }, { id: noPhone.id }, { ID: matched.id }],
        },
      );
      expect(result).toMatchObject({ success: true, count: 1 });
      expect((await contactsOf(book)).find((c) => c.id === ready.id)?.completionStatus).toBe('1');
      const batch = await ok<{ pending: number; items: { id: number; contactId: number; status: string }[] }>(
        'GET',
        `friend-request-batches/${result.batchId}`,
      );
      expect(batch.pending).toBe(1);
      expect(batch.items.map((item) => item.contactId)).toEqual([ready.id]);
      const failed = await ok<{ status: string; error: string }>('PUT', `friend-request-items/${batch.items[0].id}`, {
        status: 'failed',
        error: '친구 추가 불가',
      });
      expect(failed).toMatchObject({ status: 'failed', error: '친구 추가 불가' });
      const listed = await ok<{ data: { id: number; failed: number }[] }>(
        'GET',
        `friend-request-batches?addressBookId=${book}`,
      );
      expect(listed.data).toEqual([expect.objectContaining({ id: result.batchId, failed: 1 })]);
      const single = await call('POST', 'save-kakao-list', { singleContact: { ID: noPhone.id } });
      expect(single.statusCode).toBe(400);
      expect(single.json().message).toBe('No contacts available.');
      const done = await call('POST', 'save-kakao-list', { filteredKakaoList: [{ id: matched.id }] });
      expect(done.statusCode).toBe(400);
      expect(done.json().message).toMatch(/checklist/);
    });

    it('never records a friend request twice, even when two arrive at once', async () => {
      const book = await newBook('kakao twice');
      const contact = await addContact(book, { contactName: 'a', phoneNumber: '010-2000-0001' });
      const answers = await Promise.all(
        [1, 2].map(() => call('POST', 'save-kakao-list', { filteredKakaoList: [{ id: contact.id }] })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      expect(answers.find((a) => a.statusCode === 400)!.json().message).toBe(
        'Friend requests for these contacts are already waiting in a batch.',
      );
      const batches = await ok<{ data: { pending: number }[] }>('GET', `friend-request-batches?addressBookId=${book}`);
      expect(batches.data.map((b) => b.pending)).toEqual([1]);
    });

    it('takes exactly one of the four lists', async () => {
      expect((await call('POST', 'save-kakao-list', {})).statusCode).toBe(400);
      expect((await call('POST', 'save-kakao-list', { kakaoList: [], changedContacts: [] })).statusCode).toBe(400);
    });

    it('keeps existing chat names for mismatched contacts: end status 5, checklist agreement', async () => {
      const book = await newBook('kakao existing');
      const c = await addContact(book, {
        contactName: 'a',
        chatWindowName: '민준',
        kakaoTalk: '김민준',
        modifyChat: '민준이',
        checklistConfirm: 'Mismatch',
      });
      const result = await ok<{ count: number }>('POST', 'save-kakao-list', { kakaoList: [{ id: c.id }] });
      expect(result.count).toBe(1);
      expect((await contactsOf(book))[0]).toMatchObject({
        chatWindowName: '김민준',
        modifyChat: '',
        checklistConfirm: 'agreement',
        completionStatus: '5',
      });
      const none = await call('POST', 'save-kakao-list', { kakaoList: [{ id: c.id }] });
      expect(none.json().message).toBe('There are no contacts that need to change their nickname.');
    });

    it('saves new chat names (end status 3) only when each is given and unlike the KakaoTalk name', async () => {
      const book = await newBook('kakao new');
      const a = await addContact(book, { contactName: 'a', kakaoTalk: '김민준', checklistConfirm: '불일치' });
      const b = await addContact(book, { contactName: 'b', kakaoTalk: '이수민', checklistConfirm: 'inconsistency' });
      const refused = await call('POST', 'save-kakao-list', {
        changedContacts: [
          { id: a.id, modifyChat: '김민준' },
          { id: b.id, modifyChat: ' ' },
        ],
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'Please check the modified chat name. It is either empty or has the same name as your KakaoTalk chat name.',
      );
      expect(refused.json().details.validation.map((v: { message: string }) => v.message)).toEqual([
        'The same name as the KakaoTalk chat name cannot be used',
        'Please enter the modified chat name',
      ]);
      await ok('POST', 'save-kakao-list', {
        changedContacts: [
          { id: a.id, modifyChat: '민준 배우' },
          { ID: b.id, Change_Name: '수민 모델' },
        ],
      });
      expect((await contactsOf(book)).map((c) => [c.modifyChat, c.completionStatus])).toEqual([
        ['민준 배우', '3'],
        ['수민 모델', '3'],
      ]);
    });
  });

  describe('column settings', () => {
    it("keeps each staff member's columns and refuses a width under 20", async () => {
      expect(await ok('GET', 'contact-column-settings')).toEqual({ columns: null });
      const columns = [
        { id: 'contactName', name: 'Name', width: 120, visible: true },
        { id: 'memo', name: 'Memo', width: 20, visible: false },
      ];
      expect(await ok('PUT', 'contact-column-settings', { columns })).toEqual({ columns });
      expect(await ok('GET', 'contact-column-settings')).toEqual({ columns });
      const narrow = await call('PUT', 'contact-column-settings', {
        columns: [{ id: 'memo', name: 'Memo', width: 19, visible: true }],
      });
      expect(narrow.statusCode).toBe(400);
      await t.createUser({ email: 'other.staff@jobcasting.test', password: 'Other-password-1' });
      const otherToken = (await t.login('other.staff@jobcasting.test', 'Other-password-1')).token;
      const theirs = await t.request({
        method: 'GET',
        url: `${API}/contact-column-settings`,
        headers: bearer(otherToken),
      });
      expect(theirs.json()).toEqual({ columns: null });
    });
  });
});
