import { type CsvProblem, csvRecords } from './csv-parse.js';

/** The whole text read: its records and the problems found. */
function parseCsv(text: string) {
  const problems: CsvProblem[] = [];
  return { rows: [...csvRecords(text, problems)], problems };
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
      problems: [],
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
    expect(cellsOf(',,\n')).toEqual([['', '', '']]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks of every kind', () => {
    const text = 'name,memo\n"Kim, Minjun","He said ""hi""\r\nthen left\nand\rcame back"\n"",x\n';
    expect(parseCsv(text)).toEqual({
      rows: [
        { line: 1, cells: ['name', 'memo'] },
        { line: 2, cells: ['Kim, Minjun', 'He said "hi"\r\nthen left\nand\rcame back'] },
        { line: 6, cells: ['', 'x'] },
      ],
      problems: [],
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

  it('skips blank and whitespace-only lines, but not a line of quotes or commas', () => {
    expect(parseCsv('a\n\n  \t \r\n\nb\n""\n,\n').rows).toEqual([
      { line: 1, cells: ['a'] },
      { line: 5, cells: ['b'] },
      { line: 6, cells: [''] },
      { line: 7, cells: ['', ''] },
    ]);
  });

  it('ends records at a lone CR too', () => {
    expect(parseCsv('a,b\rc,d\r').rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
    ]);
  });

  it('keeps stray quotes in unquoted fields and text after a closing quote, as Excel does', () => {
    expect(cellsOf('5\'11" tall,say "hi",x"y\n"ab"cd,"q" ,z')).toEqual([
      ['5\'11" tall', 'say "hi"', 'x"y'],
      ['abcd', 'q ', 'z'],
    ]);
  });

  it('reports a quote never closed, with the line it opened on, and keeps the record', () => {
    expect(parseCsv('a,b\nc,"open\nstill open,\n')).toEqual({
      rows: [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['c', 'open\nstill open,\n'] },
      ],
      problems: [{ line: 2, message: 'The quoted field opened on line 2 is never closed' }],
    });
  });

  it('names the line of the quote, not of the record, when a record spans lines before it', () => {
    expect(parseCsv('"x\ny","z').problems).toEqual([{ line: 2, message: 'The quoted field opened on line 2 is never closed' }]);
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
      const cells = [`group${r % 7}`, `chat ${r}`, `이름${r}`, phone, `u${r}@example.com`, 'd1', 'd2', 'd3', memo, 'Y', 'N', '', `kakao${r}`, `mod${r}`];
      lines.push(cells.join(','));
    }
    const text = lines.join('\r\n') + '\r\n';
    expect(text.length).toBeGreaterThan(10_000_000);

    const { rows, problems } = parseCsv(text);
    expect(problems).toEqual([]);
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
    expect(rows[100_000]).toMatchObject({ line: 100_001 + 10_000, cells: expect.arrayContaining(['이름99999', 'mod99999']) });
  });
});
