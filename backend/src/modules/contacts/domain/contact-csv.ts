// Reads an uploaded address book (CSV bytes) into contacts, and says which rows were left out and why.
import { CONTACT_TEXT_FIELDS } from './contact-fields.js';
import { type ContactCsvField, mapContactColumns, MISSING_NAME_MESSAGE } from './contact-csv-columns.js';
import { type CsvProblem, parseCsv } from './csv-parse.js';
import { MAX_PHONE_DIGITS, phoneDigits } from './phone.js';
import { type CsvEncoding, decodeCsvBytes } from './text-encoding.js';

/** A contact's cells, trimmed: one key per field the file has a column for ('' for an empty cell). */
export type ContactCsvRow = Partial<Record<ContactCsvField, string>>;

export type ContactCsvLine = { line: number; contact: ContactCsvRow } | { line: number; rejected: string };

export interface ContactCsvColumn {
  header: string;
  field: ContactCsvField | null;
}

export interface ContactCsv {
  encoding: CsvEncoding;
  /** Some bytes could not be decoded (U+FFFD in the text): worth a warning, the file may be in another encoding. */
  suspicious: boolean;
  /** Why the whole file is refused; when set, no rows were read. */
  refused: string | null;
  header: string[];
  columns: ContactCsvColumn[];
  rows: { line: number; contact: ContactCsvRow }[];
  rejected: { line: number; reason: string }[];
  unknownColumns: string[];
  duplicateColumns: string[];
  /** Damage in the CSV itself, such as a quote never closed (its record is still read). */
  problems: CsvProblem[];
  /** Data rows read, kept and rejected; blank rows are not counted. */
  totalRows: number;
}

/** What each column may hold: the contact's own limits (one rule for the form and the file), and a group name's. */
const GROUP_MAX_LENGTH = 200;
const MAX_LENGTH = new Map<ContactCsvField, number>([
  ...(Object.keys(CONTACT_TEXT_FIELDS) as (keyof typeof CONTACT_TEXT_FIELDS)[]).map((field) => [field, CONTACT_TEXT_FIELDS[field].maxLength] as const),
  ['group', GROUP_MAX_LENGTH],
]);

export function readContactCsv(bytes: Uint8Array): ContactCsv {
  const { text, encoding, suspicious } = decodeCsvBytes(bytes);
  const { rows, problems } = parseCsv(text);
  const result: ContactCsv = {
    encoding,
    suspicious,
    refused: null,
    header: [],
    columns: [],
    rows: [],
    rejected: [],
    unknownColumns: [],
    duplicateColumns: [],
    problems,
    totalRows: 0,
  };

  // Rows of empty cells (Excel keeps them for formatted but empty lines) are blank too.
  const dataRows = rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (dataRows.length === 0) return { ...result, refused: 'The file is empty.' };

  const header = dataRows[0].cells.map((cell) => cell.trim());
  const mapping = mapContactColumns(header);
  result.header = header;
  result.columns = header.map((text, index) => ({ header: text, field: mapping.columns[index] }));
  result.unknownColumns = mapping.unknown;
  result.duplicateColumns = mapping.duplicates;
  if (mapping.missingName) return { ...result, refused: MISSING_NAME_MESSAGE };

  for (let r = 1; r < dataRows.length; r++) {
    const read = readContactRow(dataRows[r].cells, result.columns, dataRows[r].line);
    if ('contact' in read) result.rows.push(read);
    else result.rejected.push({ line: read.line, reason: read.rejected });
  }
  result.totalRows = dataRows.length - 1;
  return result;
}

/** One data row as a contact, or why it cannot be one. Cells past the header are ignored, missing ones are empty. */
export function readContactRow(cells: readonly string[], columns: readonly ContactCsvColumn[], line: number): ContactCsvLine {
  const contact: ContactCsvRow = {};
  const reasons: string[] = [];
  columns.forEach(({ header, field }, index) => {
    if (!field) return;
    const value = cleanCell(cells[index] ?? '');
    contact[field] = value;
    const limit = MAX_LENGTH.get(field) ?? Infinity;
    if (value.length > limit && codePoints(value) > limit) reasons.push(`${header} is longer than ${limit} characters`);
  });

  const name = contact.contactName ?? '';
  const phone = contact.phoneNumber ?? '';
  if (!name && !phone) return { line, rejected: 'Row has no name and no phone number' };
  if (phone) {
    const digits = phoneDigits(phone).length;
    if (digits === 0) reasons.unshift(`Phone number "${clip(phone)}" has no digits`);
    else if (digits > MAX_PHONE_DIGITS) reasons.unshift(`Phone number "${clip(phone)}" has more than ${MAX_PHONE_DIGITS} digits`);
  }
  return reasons.length > 0 ? { line, rejected: reasons.join('; ') } : { line, contact };
}

/** Trimmed, with Windows and old Mac line breaks inside the cell as plain LF. */
function cleanCell(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.includes('\r') ? trimmed.replace(/\r\n?/g, '\n') : trimmed;
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
