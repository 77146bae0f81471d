import { MISSING_NAME_MESSAGE } from './contact-csv-columns.js';
import { readContactCsv, readContactRow } from './contact-csv.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('readContactCsv', () => {
  it('reads a Korean Excel file in CP949', () => {
    // 이름,전화번호 CRLF 김민준,010-1234-5678 CRLF 홍길동, CRLF (bytes from the CP949 table)
    const file = Uint8Array.from([
      0xc0,
      0xcc,
      0xb8,
      0xa7,
      0x2c,
      0xc0,
      0xfc,
      0xc8,
      0xad,
      0xb9,
      0xf8,
      0xc8,
      0xa3,
      0x0d,
      0x0a,
      0xb1,
      0xe8,
      0xb9,
      0xce,
      0xc1,
      0xd8,
      0x2c,
      ...utf8('010-1234-5678'),
      0x0d,
      0x0a,
      0xc8,
      0xab,
      0xb1,
      0xe6,
      0xb5,
      0xbf,
      0x2c,
      0x0d,
      0x0a,
    ]);
    expect(readContactCsv(file)).toEqual({
      encoding: 'cp949',
      suspicious: false,
      refused: null,
      header: ['이름', '전화번호'],
      columns: [
        { header: '이름', field: 'contactName' },
        { header: '전화번호', field: 'phoneNumber' },
      ],
      rows: [
        { line: 2, contact: { contactName: '김민준', phoneNumber: '010-1234-5678' } },
        { line: 3, contact: { contactName: '홍길동', phoneNumber: '' } },
      ],
      rejected: [],
      unknownColumns: [],
      duplicateColumns: [],
      problems: [],
      totalRows: 2,
    });
  });

  it('reads the upload template in UTF-8 with a BOM, trimming cells and keeping line breaks in a memo', () => {
    const text =
      '\uFEFFID,Name,Phone Number,Email,Memo,Birthday,Group\r\n' +
      '7, Kim Minjun ,+82 10-1234-5678,kim@example.com,"first line\r\nsecond, line",1990-01-01,VIP\r\n' +
      '8,Lee,010 9876 5432\r\n' +
      '9,Park,01011112222,p@example.com,,,,extra,cells\r\n';
    const result = readContactCsv(utf8(text));
    expect(result.encoding).toBe('utf-8-bom');
    expect(result.header[0]).toBe('ID');
    expect(result.columns.map((column) => column.field)).toEqual([
      null,
      'contactName',
      'phoneNumber',
      'email',
      'memo',
      null,
      'group',
    ]);
    expect(result.unknownColumns).toEqual(['Birthday']);
    expect(result.rows).toEqual([
      {
        line: 2,
        contact: {
          contactName: 'Kim Minjun',
          phoneNumber: '+82 10-1234-5678',
          email: 'kim@example.com',
          memo: 'first line\nsecond, line',
          group: 'VIP',
        },
      },
      { line: 4, contact: { contactName: 'Lee', phoneNumber: '010 9876 5432', email: '', memo: '', group: '' } },
      {
        line: 5,
        contact: { contactName: 'Park', phoneNumber: '01011112222', email: 'p@example.com', memo: '', group: '' },
      },
    ]);
    expect(result.totalRows).toBe(3);
  });

  it('rejects rows with no name and no phone, or a phone that cannot be one, naming their lines', () => {
    const text = [
      'Name,Phone Number,Email',
      'Kim,010-1111-2222,',
      ',,someone@example.com',
      'Lee,---,',
      `Park,${'1'.repeat(21)},`,
      `Choi,+82 ${'1'.repeat(19)},`,
      ',0101234,',
    ].join('\n');
    const result = readContactCsv(utf8(text));
    expect(result.rows.map((row) => row.line)).toEqual([2, 6, 7]);
    expect(result.rejected).toEqual([
      { line: 3, reason: 'Row has no name and no phone number' },
      { line: 4, reason: 'Phone number "---" has no digits' },
      { line: 5, reason: `Phone number "${'1'.repeat(21)}" has more than 20 digits` },
    ]);
    expect(result.totalRows).toBe(6);
  });

  it('rejects fields longer than a contact may hold, counting characters rather than UTF-16 units', () => {
    const header = 'Name,Phone Number,Email,Memo,Definition 2,KakaoTalk Chat Name,Group';
    const email = (length: number) => `${'a'.repeat(length - 12)}@example.com`;
    const ok = [
      '가'.repeat(200),
      '010',
      email(1000),
      '😀'.repeat(20000),
      'd'.repeat(2000),
      'k'.repeat(200),
      'g'.repeat(200),
    ];
    const tooLong = [
      '가'.repeat(201),
      '010',
      email(1001),
      'm'.repeat(20001),
      'd'.repeat(2001),
      'k'.repeat(201),
      'g'.repeat(201),
    ];
    const result = readContactCsv(utf8([header, ok.join(','), tooLong.join(',')].join('\n')));
    expect(result.rows.map((row) => row.line)).toEqual([2]);
    expect(result.rejected).toEqual([
      {
        line: 3,
        reason: [
          'Name is longer than 200 characters',
          'Email is longer than 1000 characters',
          'Memo is longer than 20000 characters',
          'Definition 2 is longer than 2000 characters',
          'KakaoTalk Chat Name is longer than 200 characters',
          'Group is longer than 200 characters',
        ].join('; '),
      },
    ]);
  });

  it('names a bad phone before the other reasons of a row', () => {
    const columns = [
      { header: '이름', field: 'contactName' },
      { header: '전화번호', field: 'phoneNumber' },
    ] as const;
    expect(readContactRow(['x'.repeat(201), 'abc'], columns, 9)).toEqual({
      line: 9,
      rejected: 'Phone number "abc" has no digits; 이름 is longer than 200 characters',
    });
  });

  it('reads the first column of a repeated field and leaves the repeat out', () => {
    const result = readContactCsv(utf8('이름,휴대폰,성명\nKim,010,Minjun\n'));
    expect(result.duplicateColumns).toEqual(['성명']);
    expect(result.rows).toEqual([{ line: 2, contact: { contactName: 'Kim', phoneNumber: '010' } }]);
  });

  it('takes the first non-blank row as the header and skips blank and comma-only rows without counting them', () => {
    const result = readContactCsv(utf8('\n,,\n  \nName,Phone\n,,\nKim,010\n\n,, \nLee,011'));
    expect(result.header).toEqual(['Name', 'Phone']);
    expect(result.rows).toEqual([
      { line: 6, contact: { contactName: 'Kim', phoneNumber: '010' } },
      { line: 9, contact: { contactName: 'Lee', phoneNumber: '011' } },
    ]);
    expect(result.totalRows).toBe(2);
  });

  it('refuses a file with neither a name nor a phone number column', () => {
    const result = readContactCsv(utf8('Email,Memo\na@example.com,hi\n'));
    expect(result).toMatchObject({
      refused: MISSING_NAME_MESSAGE,
      header: ['Email', 'Memo'],
      rows: [],
      rejected: [],
      totalRows: 0,
    });
    expect(MISSING_NAME_MESSAGE).toMatch(/Name.*Phone Number/);
  });

  it('refuses an empty file', () => {
    expect(readContactCsv(new Uint8Array(0))).toMatchObject({ refused: 'The file is empty.', rows: [], totalRows: 0 });
    expect(readContactCsv(utf8('\r\n,,,\r\n')).refused).toBe('The file is empty.');
  });

  it('accepts a header with no rows under it', () => {
    expect(readContactCsv(utf8('Name,Phone Number\r\n'))).toMatchObject({
      refused: null,
      rows: [],
      rejected: [],
      totalRows: 0,
    });
  });

  it('rejects a line whose quote is never closed, naming it, and reads the lines after it as rows', () => {
    const result = readContactCsv(utf8('Name,Memo\nKim,"unfinished\nLee,note\nPark,"done"'));
    const broken = 'A field opened with a quote (") on this line is not closed properly';
    expect(result.problems).toEqual([{ line: 2, message: broken }]);
    expect(result.rejected).toEqual([{ line: 2, reason: broken }]);
    expect(result.rows).toEqual([
      { line: 3, contact: { contactName: 'Lee', memo: 'note' } },
      { line: 4, contact: { contactName: 'Park', memo: 'done' } },
    ]);
    expect(result.totalRows).toBe(3);
  });

  it('never reads a row into the field of the row before, even when a later quote closes the field', () => {
    const result = readContactCsv(utf8('Name,Phone,Memo\r\nKim,010-1111-2222,"5\'11\r\nLee,010-3333-4444,"tall"\r\n'));
    expect(result.rejected).toEqual([{ line: 2, reason: expect.stringContaining('not closed properly') }]);
    expect(result.rows).toEqual([
      { line: 3, contact: { contactName: 'Lee', phoneNumber: '010-3333-4444', memo: 'tall' } },
    ]);
  });

  it('refuses a file whose header has broken quoting', () => {
    expect(readContactCsv(utf8('"Name,Phone\nKim,010\n')).refused).toBe(
      'The header on line 1 cannot be read: A field opened with a quote (") on this line is not closed properly.',
    );
  });

  it('rejects a row with a NUL character in a field it imports, naming the column, and ignores one in an unknown column', () => {
    const result = readContactCsv(utf8('Name,Memo,Other\nKim,a\u0000b,\nLee,,x\u0000y\n'));
    expect(result.rejected).toEqual([{ line: 2, reason: 'Memo holds a NUL character (byte 0)' }]);
    expect(result.rows).toEqual([{ line: 3, contact: { contactName: 'Lee', memo: '' } }]);
  });

  it('passes on that the bytes did not decode cleanly', () => {
    const result = readContactCsv(Uint8Array.from([...utf8('Name\n'), 0x80, 0x41]));
    expect(result).toMatchObject({
      encoding: 'cp949',
      suspicious: true,
      rows: [{ line: 2, contact: { contactName: '\uFFFDA' } }],
    });
  });
});
