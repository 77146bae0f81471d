import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import pg from 'pg';
import { ContactImportsService } from '../src/modules/contacts/contact-imports.service.js';
import { WorkerModule } from '../src/worker.module.js';
import { bearer, eventually, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';

/** '김민준' and '이수민' as Korean Excel saves them (CP949), typed byte by byte. */
const CP949 = {
  김민준: [0xb1, 0xe8, 0xb9, 0xce, 0xc1, 0xd8],
  이름: [0xc0, 0xcc, 0xb8, 0xa7],
  전화번호: [0xc0, 0xfc, 0xc8, 0xad, 0xb9, 0xf8, 0xc8, 0xa3],
};

interface Preview {
  id: string;
  encoding: string;
  columns: { header: string; field: string | null }[];
  sample: { line: number; contact: Record<string, string> }[];
  totalRows: number;
  validRows: number;
  rejected: { line: number; reason: string }[];
  rejectedCount: number;
  unknownColumns: string[];
  problems: { line: number; reason: string }[];
}

interface ImportStatus {
  id: string;
  state: string;
  addressBookId: number | null;
  progress: { done: number; total: number };
  imported: number;
  rejected: { line: number; reason: string }[];
  error: string | null;
}

describe('contact imports (CSV, on the worker)', () => {
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

  const upload = (fileName: string, bytes: Buffer | string) =>
    t.request({
      method: 'POST',
      url: `${API}/contact-imports?fileName=${encodeURIComponent(fileName)}`,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    });
  const preview = async (fileName: string, bytes: Buffer | string): Promise<Preview> => {
    const response = await upload(fileName, bytes);
    if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const status = async (id: string): Promise<ImportStatus> =>
    (await t.request({ method: 'GET', url: `${API}/contact-imports/${id}`, headers: bearer(token) })).json();
  const importInto = async (id: string, addressBook: string): Promise<ImportStatus> => {
    const started = await t.request({
      method: 'POST',
      url: `${API}/contact-imports/${id}/start`,
      headers: bearer(token),
      payload: { addressBook },
    });
    if (started.statusCode !== 202) throw new Error(`start: ${started.statusCode} ${started.body}`);
    let last!: ImportStatus;
    await eventually(async () => {
      last = await status(id);
      expect(last.state).toBe('completed');
    }, 60_000);
    return last;
  };
  const contactsOf = async (bookId: number) =>
    (await t.request({ method: 'GET', url: `${API}/address-books/${bookId}/contacts`, headers: bearer(token) })).json<{
      data: { contactName: string; phoneNumber: string; memo: string; Group: string | null; email: string }[];
    }>().data;

  it('refuses anything but a .csv file, an empty file and a file without name or phone column', async () => {
    const xlsx = await upload('actors.xlsx', 'Name\nA');
    expect(xlsx.statusCode).toBe(400);
    expect(xlsx.json().message).toBe('Only .csv files can be uploaded. Please save the sheet as CSV and try again.');
    expect((await upload('empty.csv', '')).statusCode).toBe(400);
    const noColumns = await upload('memo.csv', 'Memo,Email\nx,y@z.kr\n');
    expect(noColumns.statusCode).toBe(400);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `${API}/contact-imports?fileName=a.csv`,
          headers: { 'content-type': 'text/csv' },
          payload: 'Name\nA',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('previews a UTF-8 file with a BOM, Korean headers in any order, quoted commas, quotes and line breaks, and rejected lines', async () => {
    const csv =
      '\uFEFF전화번호,이름,메모,그룹,Unknown\r\n010-1234-5678,김민준,"첫 줄\r\n둘째 줄",배우,x\r\n\r\n,,"메모만",,\r\n02-555-0101,"박, ""서준""",,스태프,\r\n010 9999 0000,이서연,"탭\t역슬래시 \\ \\N 끝",,\r\n';
    const result = await preview('배우 연락처.csv', csv);
    expect(result).toMatchObject({
      encoding: 'utf-8-bom',
      totalRows: 4,
      validRows: 3,
      rejectedCount: 1,
      unknownColumns: ['Unknown'],
    });
    expect(result.columns.map((c) => c.field)).toEqual(['phoneNumber', 'contactName', 'memo', 'group', null]);
    expect(result.sample.map((row) => [row.line, row.contact.contactName, row.contact.memo])).toEqual([
      [2, '김민준', '첫 줄\n둘째 줄'],
      [6, '박, "서준"', ''],
      [7, '이서연', '탭\t역슬래시 \\ \\N 끝'],
    ]);
    expect(result.rejected).toEqual([{ line: 5, reason: expect.stringMatching(/no name and no phone/i) }]);

    const done = await importInto(result.id, '배우 연락처');
    expect(done).toMatchObject({
      imported: 3,
      progress: { done: 3, total: 3 },
      rejected: [{ line: 5, reason: expect.any(String) }],
    });
    const contacts = await contactsOf(done.addressBookId!);
    expect(contacts.map((c) => [c.contactName, c.phoneNumber, c.memo, c.Group])).toEqual([
      ['김민준', '010-1234-5678', '첫 줄\n둘째 줄', '배우'],
      ['박, "서준"', '02-555-0101', '', '스태프'],
      // Tabs, backslashes and a literal \N pass the COPY unchanged.
      ['이서연', '010 9999 0000', '탭\t역슬래시 \\ \\N 끝', null],
    ]);
  });

  it('reads a CP949 file as Korean Excel writes it, keeping the last row without a final newline', async () => {
    const bytes = Buffer.from([
      ...CP949.이름,
      0x2c,
      ...CP949.전화번호,
      0x0a,
      ...CP949.김민준,
      0x2c,
      ...Buffer.from('010-1111-2222\nLee,010-3333-4444'),
    ]);
    const result = await preview('excel.csv', bytes);
    expect(result.encoding).toBe('cp949');
    expect(result.sample.map((row) => row.contact.contactName)).toEqual(['김민준', 'Lee']);
    const done = await importInto(result.id, 'CP949 book');
    expect((await contactsOf(done.addressBookId!)).map((c) => c.contactName)).toEqual(['김민준', 'Lee']);
  });

  it('rejects a line with broken quoting by its number and imports the lines after it as rows', async () => {
    const csv =
      'Name,Phone Number,Memo\r\n김민준,010-1111-2222,"키 5\'11\r\n이수민,010-3333-4444,메모\r\n박서준,010-5555-6666,"끝"\r\n';
    const result = await preview('broken quote.csv', csv);
    const reason = 'A field opened with a quote (") on this line is not closed properly';
    expect(result).toMatchObject({
      totalRows: 3,
      validRows: 2,
      rejectedCount: 1,
      rejected: [{ line: 2, reason }],
      problems: [{ line: 2, reason }],
    });
    expect(result.sample.map((row) => [row.line, row.contact.contactName, row.contact.memo])).toEqual([
      [3, '이수민', '메모'],
      [4, '박서준', '끝'],
    ]);
    const done = await importInto(result.id, 'broken quote');
    expect(done).toMatchObject({ imported: 2, rejected: [{ line: 2, reason }] });
    expect((await contactsOf(done.addressBookId!)).map((c) => c.contactName)).toEqual(['이수민', '박서준']);
  });

  it('rejects a line with a NUL character in the preview, and imports the others', async () => {
    const csv =
      'Name,Phone Number,Group\nKim,010-1111-2222,배우\nLee\u0000,010-3333-4444,배우\nPark,010-5555-6666,모\u0000델\nChoi,010-7777-8888,\n';
    const result = await preview('nul.csv', csv);
    expect(result).toMatchObject({
      totalRows: 4,
      validRows: 2,
      rejected: [
        { line: 3, reason: 'Name holds a NUL character (byte 0)' },
        { line: 4, reason: 'Group holds a NUL character (byte 0)' },
      ],
    });
    const done = await importInto(result.id, 'nul');
    expect(done).toMatchObject({ state: 'completed', imported: 2, rejected: [{ line: 3 }, { line: 4 }] });
    expect((await contactsOf(done.addressBookId!)).map((c) => [c.contactName, c.Group])).toEqual([
      ['Kim', '배우'],
      ['Choi', null],
    ]);
  });

  it('analyses the contact table after an import, so that the book is read on statistics that know its rows', async () => {
    const pool = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await pool.connect();
    const manualAnalyses = async () =>
      Number(
        (
          await pool.query<{ analyze_count: string }>(
            `select "analyze_count" from pg_stat_user_tables where "relname" = 'contact'`,
          )
        ).rows[0].analyze_count,
      );
    try {
      const before = await manualAnalyses();
      const result = await preview(
        'analysed.csv',
        `Name,Phone Number\n${Array.from({ length: 300 }, (_, i) => `배우 ${i},010-0000-${String(i % 250).padStart(4, '0')}`).join('\n')}\n`,
      );
      await importInto(result.id, 'analysed');
      await eventually(async () => expect(await manualAnalyses()).toBeGreaterThan(before), 10_000);
    } finally {
      await pool.end();
    }
  });

  it('takes large bodies on the upload route only', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const elsewhere = await t.request({
      method: 'POST',
      url: `${API}/auth/login`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: big,
    });
    expect(elsewhere.statusCode).toBe(413);
    const upload = await t.request({
      method: 'POST',
      url: `${API}/contact-imports?fileName=big.csv`,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: Buffer.concat([Buffer.from('Name,Memo\n'), Buffer.alloc(3 * 1024 * 1024, 'b'), Buffer.from(',x\n')]),
    });
    expect(upload.statusCode).toBe(201);
  });

  it('starts an import once', async () => {
    const result = await preview('once.csv', 'Name\nA\n');
    await importInto(result.id, 'once');
    const again = await t.request({
      method: 'POST',
      url: `${API}/contact-imports/${result.id}/start`,
      headers: bearer(token),
      payload: { addressBook: 'once' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('imports 100,000 rows in batches, every row once', async () => {
    const lines = ['Name,Phone Number,Email,Group'];
    for (let i = 0; i < 100_000; i++)
      lines.push(
        `배우 ${i},010-${String(1000 + (i % 9000)).padStart(4, '0')}-${String(i % 10000).padStart(4, '0')},actor${i}@casting.kr,그룹 ${i % 7}`,
      );
    const result = await preview('big.csv', `${lines.join('\n')}\n`);
    expect(result.validRows).toBe(100_000);
    const done = await importInto(result.id, 'big');
    expect(done).toMatchObject({ imported: 100_000, progress: { done: 100_000, total: 100_000 } });
    const groups = await t.request({
      method: 'GET',
      url: `${API}/address-books/${done.addressBookId}/groups`,
      headers: bearer(token),
    });
    const counts = groups.json<{ groups: { name: string; contactCount: number }[] }>().groups;
    expect(counts.length).toBe(7);
    expect(counts.reduce((sum, group) => sum + group.contactCount, 0)).toBe(100_000);
  }, 120_000);

  it('resumes an import cut off between batches without writing a row twice', async () => {
    // Groups, and rows without name or phone before and after the cut, which the report must still name.
    const lines = ['Name,Group'];
    for (let i = 0; i < 25; i++) {
      lines.push(`resume ${i},그룹 ${i % 3}`);
      if (i === 4 || i === 22) lines.push(',그룹 0');
    }
    const result = await preview('resume.csv', lines.join('\n'));
    // Queued by hand, so that this test runs the import itself instead of the worker.
    const imports = t.app.get(ContactImportsService);
    await worker.close();
    try {
      await t.request({
        method: 'POST',
        url: `${API}/contact-imports/${result.id}/start`,
        headers: bearer(token),
        payload: { addressBook: 'resume' },
      });
      let batches = 0;
      await expect(
        imports.run(
          result.id,
          async () => {
            if (++batches === 2) throw new Error('worker killed');
          },
          10,
        ),
      ).rejects.toThrow('worker killed');
      expect((await status(result.id)).progress.done).toBe(20);
      await imports.run(result.id, async () => {}, 10);
    } finally {
      worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
        logger: false,
        abortOnError: false,
      });
      await worker.init();
    }
    const done = await status(result.id);
    expect(done).toMatchObject({ state: 'completed', imported: 25, rejected: [{ line: 7 }, { line: 26 }] });
    const contacts = await contactsOf(done.addressBookId!);
    expect(contacts.map((c) => [c.contactName, c.Group])).toEqual(
      Array.from({ length: 25 }, (_, i) => [`resume ${i}`, `그룹 ${i % 3}`]),
    );
  });
});
