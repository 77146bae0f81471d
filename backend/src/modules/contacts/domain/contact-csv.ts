// Reads an uploaded address book (CSV bytes) into contacts, and says which rows were left out and why.
import { CONTACT_TEXT_FIELDS } from './contact-fields.js';
import { type ContactCsvField, mapContactColumns, MISSING_NAME_MESSAGE } from './contact-csv-columns.js';
import { type CsvRecord, csvRecords } from '../../../platform/domain/csv-parse.js';
import { MAX_PHONE_DIGITS, phoneDigits } from '@job-casting/rules';
import { type CsvEncoding, decodeCsvBytes } from '../../../platform/domain/text-encoding.js';

/** A contact's cells, trimmed: one key per field the file has a column for ('' for an empty cell). */
export type ContactCsvRow = Partial<Record<ContactCsvField, string>>;

export type ContactCsvLine = { line: number; contact: ContactCsvRow } | { line: number; rejected: string };

export interface ContactCsvColumn {
  header: string;
  field: ContactCsvField | null;
}

/** What is known of a file before its rows are read: its encoding and columns, or why it is refused. */
export interface ContactCsvHead {
  encoding: CsvEncoding;
  /** Some bytes could not be decoded (U+FFFD in the text): worth a warning, the file may be in another encoding. */
  suspicious: boolean;
  /** Why the whole file is refused; when set, no rows are read. */
  refused: string | null;
  header: string[];
  columns: ContactCsvColumn[];
  unknownColumns: string[];
  duplicateColumns: string[];
  /** Damage in the CSV itself, such as a quote never closed (its lines are rejected); grows as rows are read. */
  problems: CsvProblem[];
}

export interface ContactCsv extends ContactCsvHead {
  rows: { line: number; contact: ContactCsvRow }[];
  rejected: { line: number; reason: string }[];
  /** Data rows read, kept and rejected; blank rows are not counted. */
  totalRows: number;
}

/** A file opened for reading: its head at once, its data rows one at a time as `lines` is iterated. */
export interface ContactCsvReader extends ContactCsvHead {
  lines: Iterator<ContactCsvLine>;
}

export interface CsvProblem {
  line: number;
  message: string;
}

/** What each column may hold: the contact's own limits (one rule for the form and the file), and a group name's. */
const GROUP_MAX_LENGTH = 200;
const MAX_LENGTH = new Map<ContactCsvField, number>([
  ...(Object.keys(CONTACT_TEXT_FIELDS) as (keyof typeof CONTACT_TEXT_FIELDS)[]).map(
    (field) => [field, CONTACT_TEXT_FIELDS[field].maxLength] as const,
  ),
  ['group', GROUP_MAX_LENGTH],
]);

/** The whole file read: for the preview. */
export function readContactCsv(bytes: Uint8Array): ContactCsv {
  const { lines, ...head } = openContactCsv(bytes);
  const result: ContactCsv = { ...head, rows: [], rejected: [], totalRows: 0 };
  for (let next = lines.next(); !next.done; next = lines.next()) {
    const read = next.value;
    if ('contact' in read) result.rows.push(read);
    else result.rejected.push({ line: read.line, reason: read.rejected });
    result.totalRows++;
  }
  return result;
}

/**
 * Reads the header at once and the rows lazily, so that an import can write rows while the rest of the file is
 * still being read.
 */
export function openContactCsv(bytes: Uint8Array): ContactCsvReader {
  const { text, encoding, suspicious } = decodeCsvBytes(bytes);
  const problems: CsvProblem[] = [];
  const records = csvRecords(text);
  const head: ContactCsvHead = {
    encoding,
    suspicious,
    refused: null,
    header: [],
    columns: [],
    unknownColumns: [],
    duplicateColumns: [],
    problems,
  };
  const none: Iterator<ContactCsvLine> = [][Symbol.iterator]();

  const first = records.next();
  if (first.done) return { ...head, refused: 'The file is empty.', lines: none };
  if ('broken' in first.value)
    return {
      ...head,
      refused: `The header on line ${first.value.line} cannot be read: ${first.value.broken}.`,
      lines: none,
    };
  const header = first.value.cells.map((cell) => cell.trim());
  const mapping = mapContactColumns(header);
  const columns = header.map((text, index) => ({ header: text, field: mapping.columns[index] }));
  const opened = { ...head, header, columns, unknownColumns: mapping.unknown, duplicateColumns: mapping.duplicates };
  if (mapping.missingName) return { ...opened, refused: MISSING_NAME_MESSAGE, lines: none };
  return { ...opened, lines: contactLines(records, columns, problems) };
}

/** Each record as a contact or a rejected line; a record with broken quoting is both, and a problem of the file. */
function* contactLines(
  records: Iterable<CsvRecord>,
  columns: readonly ContactCsvColumn[],
  problems: CsvProblem[],
): Generator<ContactCsvLine> {
  for (const record of records) {
    if ('broken' in record) {
      problems.push({ line: record.line, message: record.broken });
      yield { line: record.line, rejected: record.broken };
    } else {
      yield readContactRow(record.cells, columns, record.line);
    }
  }
}

/** One data row as a contact, or why it cannot be one. Cells past the header are ignored, missing ones are empty. */
export function readContactRow(
  cells: readonly string[],
  columns: readonly ContactCsvColumn[],
  line: number,
): ContactCsvLine {
  const contact: ContactCsvRow = {};
  const reasons: string[] = [];
  columns.forEach(({ header, field }, index) => {
    if (!field) return;
    const value = (cells[index] ?? '').trim();
    contact[field] = value;
    const limit = MAX_LENGTH.get(field) ?? Infinity;
    if (value.length > limit && codePoints(value) > limit) reasons.push(`${header} is longer than ${limit} characters`);
    // PostgreSQL keeps no NUL in text: refused here rather than failing the import's COPY.
    if (value.includes('\0')) reasons.push(`${header} holds a NUL character (byte 0)`);
  });

  const name = contact.contactName ?? '';
  const phone = contact.phoneNumber ?? '';
  if (!name && !phone) return { line, rejected: 'Row has no name and no phone number' };
  if (phone) {
    const digits = phoneDigits(phone).length;
    if (digits === 0) reasons.unshift(`Phone number "${clip(phone)}" has no digits`);
    else if (digits > MAX_PHONE_DIGITS)
      reasons.unshift(`Phone number "${clip(phone)}" has more than ${MAX_PHONE_DIGITS} digits`);
  }
  return reasons.length > 0 ? { line, rejected: reasons.join('; ') } : { line, contact };
}

/** Length as a person counts it: an emoji or a rare Hanja outside the BMP is one character. */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff || i === 0 || (text.charCodeAt(i - 1) & 0xfc00) !== 0xd800) count++;
  }
  return count;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
