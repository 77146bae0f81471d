import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ContactImportsService } from '../src/modules/contacts/contact-imports.service.js';
import { WorkerModule } from '../src/worker.module.js';
import { bearer, eventually, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';

interface Contact {
  id: number;
  contactName: string;
  phoneNumber: string;
  email: string;
  memo: string;
  Group: string | null;
  groupId: number | null;
  version: number;
}

interface ImportStatus {
  id: string;
  state: string;
  mode: string;
  addressBookId: number | null;
  imported: number;
  matchedRows: number;
  updated: number;
  rejected: { line: number; reason: string }[];
}

interface BookImport {
  id: string;
  mode: string;
  imported: number;
  addedInBook: number;
  matchedRows: number;
  updated: number;
  revertedAt: string | null;
  revertedBy: string | null;
  userName: string | null;
  lastReport: Report | null;
}

interface Report {
  action: string;
  removed: number;
  restored: number;
  keptCount: number;
  kept: { contactId: number; name: string; fields: string[] }[];
}

/** The book every test starts from: one contact per phone, and two duplicates (not merged) of a third phone. */
const EXISTING = [
  { contactName: '김민준', phoneNumber: '010-1000-0001', email: 'minjun@old.kr', memo: '기존 메모', Group: '배우' },
  { contactName: '이수민', phoneNumber: '010-1000-0002', email: '', memo: '' },
  { contactName: '박서준', phoneNumber: '010 1000 0003', email: '', memo: '첫째' },
  { contactName: '박서준 (중복)', phoneNumber: '+82 10-1000-0003', email: '', memo: '둘째' },
];

/**
 * Rows matching 김민준 twice (the later non-empty cells win), 이수민 once, the two 박서준 once; two new rows of one
 * phone (both added: a row never matches another row of its file), one row without a phone, and a rejected line.
 */
const FILE = [
  'Name,Phone Number,Email,Memo,Group',
  '김민준 (새 이름),01010000001,,새 메모,',
  '이수민,010-1000-0002,sumin@new.kr,,모델',
  '박서준,010-1000-0003,,,모델',
  '최지우,010-2000-0001,jiwoo@new.kr,,',
  '최지우 다시,010-2000-0001,,,',
  '전화 없음,,,,',
  ',,,메모만,',
  ',010.1000.0001,minjun@new.kr,,',
].join('\n');

describe('contact imports that know the book (add all, update matches, skip matches) and their revert', () => {
  let t: TestApp;
  let token: string;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: false,
      abortOnError: false,
    });
    await worker.init();
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    payload?: object,
    headers: Record<string, string> = bearer(token),
  ) => t.request({ method, url: `${API}/${path}`, headers, payload });
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, status = 200): Promise<T> => {
    const response = await call(method, path, payload);
    if (response.statusCode !== status) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const upload = async (csv: string): Promise<string> => {
    const response = await t.request({
      method: 'POST',
      url: `${API}/contact-imports?fileName=book.csv`,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: Buffer.from(csv),
    });
    if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string }>().id;
  };
  const waitFor = async (id: string): Promise<ImportStatus> => {
    let last!: ImportStatus;
    await eventually(async () => {
      last = await ok<ImportStatus>('GET', `contact-imports/${id}`);
      expect(last.state).toBe('completed');
    }, 60_000);
    return last;
  };
  const importInto = async (book: string, mode?: string, csv = FILE): Promise<ImportStatus> => {
    const id = await upload(csv);
    await ok('POST', `contact-imports/${id}/start`, { addressBook: book, ...(mode ? { mode } : {}) }, 202);
    return waitFor(id);
  };
  const seedBook = async (name: string): Promise<number> =>
    (await ok<{ addressBookId: number }>('POST', 'contact-list/bulk', { addressBook: name, contacts: EXISTING }, 201))
      .addressBookId;
  const contactsOf = async (bookId: number): Promise<Contact[]> =>
    (await ok<{ data: Contact[] }>('GET', `address-books/${bookId}/contacts`)).data;
  const importsOf = async (bookId: number): Promise<BookImport[]> =>
    (await ok<{ imports: BookImport[] }>('GET', `address-books/${bookId}/imports`)).imports;
  const summary = (contacts: Contact[]) => contacts.map((c) => [c.contactName, c.email, c.memo, c.Group]);

  const BEFORE = [
    ['김민준', 'minjun@old.kr', '기존 메모', '배우'],
    ['이수민', '', '', null],
    ['박서준', '', '첫째', null],
    ['박서준 (중복)', '', '둘째', null],
  ];

  it('previews how many rows are new to the book and how many match its contacts by phone digits', async () => {
    const bookId = await seedBook('preview book');
    const id = await upload(FILE);
    const counts = await ok('GET', `contact-imports/${id}/matches?addressBook=${encodeURIComponent('preview book')}`);
    // Rows 2, 3, 4 and 9 match (김민준 twice, 이수민, 박서준): four contacts, the duplicates both.
    expect(counts).toEqual({ addressBookId: bookId, newRows: 3, matchingRows: 4, matchedContacts: 4, rejectedRows: 1 });
    const newBook = await ok(
      'GET',
      `contact-imports/${id}/matches?addressBook=${encodeURIComponent('a book not made yet')}`,
    );
    expect(newBook).toEqual({ addressBookId: null, newRows: 7, matchingRows: 0, matchedContacts: 0, rejectedRows: 1 });
    // Nothing was created by asking.
    expect(
      (await ok<{ addressBooks: { name: string }[] }>('GET', 'address-book')).addressBooks.map((b) => b.name),
    ).not.toContain('a book not made yet');
  });

  it('adds every row by default, as imports always did', async () => {
    const bookId = await seedBook('add book');
    const done = await importInto('add book');
    expect(done).toMatchObject({ mode: 'add', imported: 7, matchedRows: 0, updated: 0, rejected: [{ line: 8 }] });
    const contacts = await contactsOf(bookId);
    expect(contacts).toHaveLength(11);
    expect(summary(contacts.slice(0, 4))).toEqual(BEFORE);
  });

  it('skips the rows matching a contact and adds the others', async () => {
    const bookId = await seedBook('skip book');
    const done = await importInto('skip book', 'skip');
    expect(done).toMatchObject({ mode: 'skip', imported: 3, matchedRows: 4, updated: 0 });
    const contacts = await contactsOf(bookId);
    expect(summary(contacts.slice(0, 4))).toEqual(BEFORE);
    expect(contacts.slice(4).map((c) => c.contactName)).toEqual(['최지우', '최지우 다시', '전화 없음']);
  });

  it('updates matched contacts with the non-empty cells of their rows (the last row wins), adds the others, and raises their versions', async () => {
    const bookId = await seedBook('update book');
    const before = await contactsOf(bookId);
    const done = await importInto('update book', 'update');
    expect(done).toMatchObject({ mode: 'update', imported: 3, matchedRows: 4, updated: 4 });
    const contacts = await contactsOf(bookId);
    expect(summary(contacts)).toEqual([
      // Email from the last row of that phone, name and memo from the first; the group cell was empty: kept.
      ['김민준 (새 이름)', 'minjun@new.kr', '새 메모', '배우'],
      ['이수민', 'sumin@new.kr', '', '모델'],
      // A row matching duplicates not merged yet updates each of them.
      ['박서준', '', '첫째', '모델'],
      ['박서준', '', '둘째', '모델'],
      ['최지우', 'jiwoo@new.kr', '', null],
      ['최지우 다시', '', '', null],
      ['전화 없음', '', '', null],
    ]);
    // The phone keeps its digits; its written form is the file's.
    expect(contacts[0].phoneNumber).toBe('010.1000.0001');
    for (let i = 0; i < 4; i++) expect(contacts[i].version).toBeGreaterThan(before[i].version);

    // A save made on the version before the import is stale for the fields the import changed: nothing is lost silently.
    const stale = await call('PUT', `contacts/${before[0].id}`, {
      memo: '오래된 화면에서',
      version: before[0].version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.conflictingFields).toEqual(['memo']);
  });

  it('reverts an update import: added contacts removed, updated fields restored, fields changed since kept and reported; then restores it', async () => {
    const bookId = await seedBook('revert book');
    const done = await importInto('revert book', 'update');
    const imported = await contactsOf(bookId);
    const minjun = imported[0];
    // Staff change 김민준's memo after the import.
    await ok('PUT', `contacts/${minjun.id}`, { memo: '직원이 고침', version: minjun.version });

    const [listed] = await importsOf(bookId);
    expect(listed).toMatchObject({
      id: done.id,
      mode: 'update',
      imported: 3,
      addedInBook: 3,
      updated: 4,
      revertedAt: null,
      userName: expect.any(String),
    });

    const report = await ok<Report>('POST', `address-books/${bookId}/imports/${done.id}/revert`);
    expect(report).toEqual({
      action: 'revert',
      removed: 3,
      restored: 4,
      keptCount: 1,
      kept: [{ contactId: minjun.id, name: '김민준', fields: ['memo'] }],
    });
    expect(summary(await contactsOf(bookId))).toEqual([
      ['김민준', 'minjun@old.kr', '직원이 고침', '배우'],
      ...BEFORE.slice(1),
    ]);
    expect((await contactsOf(bookId))[0].phoneNumber).toBe('010-1000-0001');
    const [reverted] = await importsOf(bookId);
    expect(reverted).toMatchObject({
      addedInBook: 0,
      revertedAt: expect.any(String),
      revertedBy: expect.any(String),
      lastReport: report,
    });

    const again = await call('POST', `address-books/${bookId}/imports/${done.id}/revert`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This import is already reverted. Restore it first to revert it again.');

    // Restore undoes the revert: the removed contacts are back, the restored fields get the import's values again.
    const restored = await ok<Report>('POST', `address-books/${bookId}/imports/${done.id}/restore`);
    expect(restored).toMatchObject({ action: 'restore', removed: 3, restored: 4, keptCount: 0 });
    const back = await contactsOf(bookId);
    expect(summary(back)).toEqual([
      ['김민준 (새 이름)', 'minjun@new.kr', '직원이 고침', '배우'],
      ...summary(imported).slice(1),
    ]);
    expect((await importsOf(bookId))[0]).toMatchObject({ addedInBook: 3, revertedAt: null });
    expect((await call('POST', `address-books/${bookId}/imports/${done.id}/restore`)).statusCode).toBe(409);
  });

  it('leaves a contact deleted before the revert deleted when the revert is undone', async () => {
    const bookId = await seedBook('deleted before revert');
    const done = await importInto(
      'deleted before revert',
      'add',
      'Name,Phone Number\n하나,010-3000-0001\n둘,010-3000-0002\n',
    );
    const [first] = (await contactsOf(bookId)).filter((c) => c.contactName === '하나');
    await ok('POST', 'contacts/delete', { contactIds: [first.id] });
    expect(await ok<Report>('POST', `address-books/${bookId}/imports/${done.id}/revert`)).toMatchObject({
      removed: 1,
      restored: 0,
    });
    expect(await ok<Report>('POST', `address-books/${bookId}/imports/${done.id}/restore`)).toMatchObject({
      removed: 1,
    });
    expect((await contactsOf(bookId)).map((c) => c.contactName)).toEqual([...BEFORE.map((row) => row[0]), '둘']);
  });

  it('matches across batches without matching rows of its own file', async () => {
    const bookId = await seedBook('batches');
    const lines = ['Name,Phone Number,Memo'];
    for (let i = 0; i < 12; i++) lines.push(`배치 ${i},010-4000-000${i % 3},${i}`);
    lines.push('김민준 배치,010-1000-0001,배치 메모');
    const id = await upload(lines.join('\n'));
    const imports = t.app.get(ContactImportsService);
    await worker.close();
    try {
      await ok('POST', `contact-imports/${id}/start`, { addressBook: 'batches', mode: 'update' }, 202);
      await imports.run(id, async () => {}, 5);
    } finally {
      worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
        logger: false,
        abortOnError: false,
      });
      await worker.init();
    }
    expect(await waitFor(id)).toMatchObject({ imported: 12, matchedRows: 1, updated: 1 });
    const contacts = await contactsOf(bookId);
    expect(contacts).toHaveLength(16);
    expect(summary(contacts.slice(0, 1))).toEqual([['김민준 배치', 'minjun@old.kr', '배치 메모', '배우']]);
  });

  it('refuses bad input with clear 4xx answers', async () => {
    const bookId = await seedBook('bad input');
    const otherBook = await seedBook('another book');
    const id = await upload(FILE);
    const badMode = await call('POST', `contact-imports/${id}/start`, { addressBook: 'bad input', mode: 'merge' });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().message).toContain('Import mode must be one of add, update, skip');
    expect((await call('GET', `contact-imports/${id}/matches`)).statusCode).toBe(400);
    expect(
      (await call('GET', `contact-imports/00000000-0000-4000-8000-000000000000/matches?addressBook=x`)).statusCode,
    ).toBe(404);
    expect((await call('GET', `contact-imports/${id}/matches?addressBook=x`, undefined, {})).statusCode).toBe(401);

    const done = await importInto('bad input', 'update');
    // The preview of an import already done, and an import named under a book it is not of.
    expect((await call('GET', `contact-imports/${done.id}/matches?addressBook=x`)).statusCode).toBe(409);
    const foreign = await call('POST', `address-books/${otherBook}/imports/${done.id}/revert`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No such import in this address book.');
    expect((await call('POST', `address-books/${bookId}/imports/not-a-uuid/revert`)).statusCode).toBe(400);
    expect((await call('POST', `address-books/${bookId}/imports/${id}/revert`)).statusCode).toBe(404);
    expect((await call('GET', `address-books/999999/imports`)).statusCode).toBe(404);
    expect((await call('POST', `address-books/${bookId}/imports/${done.id}/revert`, undefined, {})).statusCode).toBe(
      401,
    );
    expect((await call('POST', `address-books/${bookId}/imports/${done.id}/restore`)).json().message).toBe(
      'This import is not reverted, so there is nothing to restore.',
    );
  });
});
