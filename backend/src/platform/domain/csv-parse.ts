// CSV records read by papaparse, a piece of the text at a time, each with the physical line it starts on: uploads
// reach 100,000 rows, and the import reads them as PostgreSQL takes them. Its core parser (Papa.Parser) reads the
// pieces: Papa.parse would add a pass over every cell for headers and typing, which this reading has no use for.
import Papa from 'papaparse';

/** A record read, or one whose quoting is broken: it is left out, and the lines after it are read as records. */
export type CsvRecord = { line: number; cells: string[] } | { line: number; broken: string };

/** The first piece, and the first after a broken record, is small: the text after a broken quote is read again. */
const FIRST_PIECE_CHARS = 64;
/** Clean pieces double up to this size (a record longer than it is read whole all the same). */
const MAX_PIECE_CHARS = 256 * 1024;

const LF = 0x0a;
const BROKEN_QUOTE = 'A field opened with a quote (") on this line is not closed properly';
const brokenQuoteOn = (line: number) => `A field opened with a quote (") on line ${line} is not closed properly`;
const QUOTE_ERRORS = new Set(['MissingQuotes', 'InvalidQuotes']);
const PARSE_CONFIG: Papa.ParseConfig = {
  delimiter: ',',
  newline: '\n',
  quoteChar: '"',
  escapeChar: '"',
  header: false,
};

/**
 * Fields are separated by commas; a field in double quotes may hold commas, `""` for a quote and line breaks.
 * Records end at CRLF, LF or a lone CR (old Mac Excel): all three are read as LF, in cells too. Rows of blank cells
 * are skipped. A quote inside an unquoted field is kept as typed (5'11"). A quoted field that is never closed, or
 * whose closing quote is followed by more text, makes its record broken: it is yielded as such, with the line of
 * the quote, and reading goes on at the line after that quote, so no record is ever swallowed into a field.
 * Records are read as they are asked for.
 */
export function* csvRecords(source: string): Generator<CsvRecord> {
  let text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  if (text.includes('\r')) text = text.replace(/\r\n?/g, '\n');

  let start = 0;
  let line = 1;
  let size = FIRST_PIECE_CHARS;
  while (start < text.length) {
    let end = pieceEnd(text, start + size);
    let parsed = parsePiece(text.slice(start, end));
    // A last record whose quote is still open at the end of the piece may close in the text after it.
    while (end < text.length && endsInOpenQuote(parsed)) {
      size *= 2;
      end = pieceEnd(text, start + size);
      parsed = parsePiece(text.slice(start, end));
    }

    const pieceLine = line;
    const broken = brokenQuotes(parsed.errors);
    const rows = parsed.data;
    // After a piece's last line break comes an empty row that is no line of the file.
    const tail = text.charCodeAt(end - 1) === LF ? rows.length - 1 : -1;
    let resumeAt = end;
    for (let index = 0; index < rows.length; index++) {
      const quote = broken.get(index);
      if (quote !== undefined) {
        // The opening quote is just before the error's index: its line is the last one of the broken record.
        const quoteAt = start + quote - 1;
        const quoteLine = pieceLine + lineBreaks(text, start, quoteAt);
        yield { line, broken: quoteLine === line ? BROKEN_QUOTE : brokenQuoteOn(quoteLine) };
        const lineEnd = text.indexOf('\n', quoteAt);
        resumeAt = lineEnd === -1 ? text.length : lineEnd + 1;
        line = quoteLine + 1;
        break;
      }
      if (index === tail) break;
      const cells = rows[index];
      if (cells.some((cell) => cell.trim() !== '')) yield { line, cells };
      line += 1 + cellLineBreaks(cells);
    }
    size = resumeAt === end ? Math.min(size * 2, MAX_PIECE_CHARS) : FIRST_PIECE_CHARS;
    start = resumeAt;
  }
}

function parsePiece(piece: string): Papa.ParseResult<string[]> {
  return new Papa.Parser(PARSE_CONFIG).parse(piece, 0, false) as Papa.ParseResult<string[]>;
}

/** Just after the first line break at or after `from`, or the end of the text. */
function pieceEnd(text: string, from: number): number {
  if (from >= text.length) return text.length;
  const lineBreak = text.indexOf('\n', from);
  return lineBreak === -1 ? text.length : lineBreak + 1;
}

function endsInOpenQuote(parsed: Papa.ParseResult<string[]>): boolean {
  const last = parsed.data.length - 1;
  const errors = parsed.errors.filter((error) => error.row === last && QUOTE_ERRORS.has(error.code));
  return errors.length > 0 && errors.every((error) => error.code === 'MissingQuotes');
}

/** For each row with broken quoting, the index (in the piece) just after the quote that opened the broken field. */
function brokenQuotes(errors: readonly Papa.ParseError[]): Map<number, number> {
  const rows = new Map<number, number>();
  for (const error of errors) {
    if (QUOTE_ERRORS.has(error.code) && error.row !== undefined && error.index !== undefined && !rows.has(error.row))
      rows.set(error.row, error.index);
  }
  return rows;
}

/** Line breaks inside the quoted cells of a row. */
function cellLineBreaks(cells: readonly string[]): number {
  let count = 0;
  for (const cell of cells) for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) count++;
  return count;
}

/** Line breaks in text[from, to). */
function lineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
