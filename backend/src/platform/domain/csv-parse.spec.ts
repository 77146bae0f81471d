import { type CsvRecord, csvRecords } from './csv-parse.js';

/** The whole text read: its records, and those with broken quoting. */
function parseCsv(text: string) {
  const records = [...csvRecords(text)];
  const rows = records.filter((record): record is Extract<CsvRecord, { cells: string[] }> => 'cells' in record);
  const broken = records.filter((record): record is Extract<CsvRecord, { broken: string }> => 'broken' in record);
  return { rows, broken };
}

const cellsOf = (text: string) => parseCsv(text).rows.map((row) => row.cells);

describe('csvRecords', () => {
  it('splits records on CRLF and LF and fields on commas', () => {
    expect(parseCsv('a,b,c\r\nd,e,f\ng,h,i\n')).toEqual({
      rows: [
        { line: 1, cells: ['a', 'b', 'c'] },
        { line: 2, cells: ['d', 'e', 'f'] },
        { line: 3, cells: ['g', 'h', 'i'] },
      ],
      broken: [],
    });
  });

  it('keeps a last row that has no line break after it', () => {
    expect(cellsOf('a,b\nc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(cellsOf('only')).toEqual([['only']]);
  });

  it('does not make a row of the empty line after the final line break', () => {
    expect(cellsOf('a\r\n')).toEqual([['a']]);
    expect(cellsOf('')).toEqual([]);
    expect(cellsOf('\n')).toEqual([]);
  });

  it('keeps empty fields, including a trailing one', () => {
    expect(cellsOf(',a,,b,\n')).toEqual([['', 'a', '', 'b', '']]);
    expect(cellsOf('a,')).toEqual([['a', '']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks of every kind, as LF', () => {
    const text = 'name,memo\n"Kim, Minjun","He said ""hi""\r\nthen left\nand\rcame back"\n"",x\n';
    expect(parseCsv(text)).toEqual({
      rows: [
        { line: 1, cells: ['name', 'memo'] },
        { line: 2, cells: ['Kim, Minjun', 'He said "hi"\nthen left\nand\ncame back'] },
        { line: 6, cells: ['', 'x'] },
      ],
      broken: [],
    });
  });

  it('numbers each record by the physical line it starts on', () => {
    const text = 'h1,h2\n\n"multi\nline",1\n   \n\r\nlast,2\r\n"a\r\n\r\nb",3';
    expect(parseCsv(text).rows.map((row) => [row.line, row.cells[1]])).toEqual([
      [1, 'h2'],
      [3, '1'],
      [7, '2'],
      [8, '3'],
    ]);
  });

  it('skips blank lines and rows of blank cells', () => {
    expect(parseCsv('a\n\n  \t \r\n\nb\n""\n,\n, ,""\nc').rows).toEqual([
      { line: 1, cells: ['a'] },
      { line: 5, cells: ['b'] },
      { line: 9, cells: ['c'] },
    ]);
  });

  it('ends records at a lone CR too', () => {
    expect(parseCsv('a,b\rc,d\r').rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
    ]);
  });

  it('keeps stray quotes in unquoted fields, and spaces after a closing quote out of the field', () => {
    expect(cellsOf('5\'11" tall,say "hi",x"y\n"q" ,z')).toEqual([
      ['5\'11" tall', 'say "hi"', 'x"y'],
      ['q', 'z'],
    ]);
  });

  it('reports a quote never closed with its line, and reads the lines after it as records', () => {
    expect(parseCsv('a,b\nc,"open\nd,e\nf,g\n')).toEqual({
      rows: [
        { line: 1, cells: ['a', 'b'] },
        { line: 3, cells: ['d', 'e'] },
        { line: 4, cells: ['f', 'g'] },
      ],
      broken: [{ line: 2, broken: 'A field opened with a quote (") on this line is not closed properly' }],
    });
  });

  it('never lets a broken quote carry the next lines inside its field, even when a later quote seems to close it', () => {
    // The quote opened on line 2 would close after "ok" on line 4: lines 3 and 4 stay rows of their own.
    const text = 'Name,Phone,Memo\nKim,010,"5\'11\nLee,011,tall\nPark,012,"ok"\nChoi,013,"a ""b"", c"\n';
    expect(parseCsv(text)).toEqual({
      rows: [
        { line: 1, cells: ['Name', 'Phone', 'Memo'] },
        { line: 3, cells: ['Lee', '011', 'tall'] },
        { line: 4, cells: ['Park', '012', 'ok'] },
        { line: 5, cells: ['Choi', '013', 'a "b", c'] },
      ],
      broken: [{ line: 2, broken: 'A field opened with a quote (") on this line is not closed properly' }],
    });
  });

  it('reports text after a closing quote as broken quoting, rather than reading on past it', () => {
    expect(parseCsv('"ab"cd,"q" ,z\nnext,row').rows).toEqual([{ line: 2, cells: ['next', 'row'] }]);
    expect(parseCsv('"ab"cd,"q" ,z\nnext,row').broken).toEqual([
      { line: 1, broken: expect.stringContaining('not closed properly') },
    ]);
  });

  it('names the line of the quote when a record spans lines before it, and goes on after that line', () => {
    expect(parseCsv('"x\ny","z\nnext,row')).toEqual({
      rows: [{ line: 3, cells: ['next', 'row'] }],
      broken: [{ line: 1, broken: 'A field opened with a quote (") on line 2 is not closed properly' }],
    });
  });

  it('reads a quoted field longer than the pieces the text is read in, and numbers the lines after it', () => {
    const memo = Array.from({ length: 20_000 }, (_, i) => `memo line ${i}, with "" quotes`).join('\n');
    const text = `a,b\n1,"${memo}"\n2,x\n`;
    expect(parseCsv(text)).toEqual({
      rows: [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['1', memo.replaceAll('""', '"')] },
        { line: 20_002, cells: ['2', 'x'] },
      ],
      broken: [],
    });
  });

  it('reads a file where every line has a broken quote line by line, in one pass', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `name ${i},"open ${i}`);
    const { rows, broken } = parseCsv(`Name,Memo\n${lines.join('\n')}\nlast,row\n`);
    expect(rows).toEqual([
      { line: 1, cells: ['Name', 'Memo'] },
      { line: 20_002, cells: ['last', 'row'] },
    ]);
    expect(broken.map((record) => record.line)).toEqual(Array.from({ length: 20_000 }, (_, i) => i + 2));
  });

  it('ignores a BOM left at the start of the text', () => {
    expect(cellsOf('\uFEFFName,Phone\n')).toEqual([['Name', 'Phone']]);
  });

  it('parses 100,000 rows of 14 columns in one go', () => {
    const header = Array.from({ length: 14 }, (_, c) => `col${c}`).join(',');
    const lines = [header];
    for (let r = 0; r < 100_000; r++) {
      const memo = r % 10 === 0 ? `"memo ${r}, with ""quotes""\nand a second line"` : `memo ${r}`;
      const phone = `010-${String(r).padStart(4, '0')}-5678`;
      const cells = [
        `group${r % 7}`,
        `chat ${r}`,
        `이름${r}`,
        phone,
        `u${r}@example.com`,
        'd1',
        'd2',
        'd3',
        memo,
        'Y',
        'N',
        '',
        `kakao${r}`,
        `mod${r}`,
      ];
      lines.push(cells.join(','));
    }
    const text = lines.join('\r\n') + '\r\n';
    expect(text.length).toBeGreaterThan(10_000_000);

    const { rows, broken } = parseCsv(text);
    expect(broken).toEqual([]);
    expect(rows).toHaveLength(100_001);
    expect(rows.every((row) => row.cells.length === 14)).toBe(true);
    expect(rows[1]).toEqual({
      line: 2,
      cells: [
        ...['group0', 'chat 0', '이름0', '010-0000-5678', 'u0@example.com', 'd1', 'd2', 'd3'],
        ...['memo 0, with "quotes"\nand a second line', 'Y', 'N', '', 'kakao0', 'mod0'],
      ],
    });
    expect(rows[2].line).toBe(4); // row 0's memo took two lines
    expect(rows[2].cells[8]).toBe('memo 1');
    // Ten thousand memos of two lines push the last record down as many lines.
    expect(rows[100_000]).toMatchObject({
      line: 100_001 + 10_000,
      cells: expect.arrayContaining(['이름99999', 'mod99999']),
    });
  });
});
