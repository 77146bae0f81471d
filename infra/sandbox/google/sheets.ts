// Sheets v4: spreadsheets.get, spreadsheets.values.get and values:batchGet, with A1 ranges as Google reads them.
import { GoogleApiError } from './http.ts';
import { SPREADSHEET_MIME, gridSize, type DriveData, type DriveNode, type Sheet } from './store.ts';

export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function columnIndex(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n - 1;
}

/** A sheet name as Google writes it in ranges: quoted unless it is a plain identifier that is not a cell. */
export function quoteSheetName(title: string): string {
  if (
    /^[A-Za-z_][A-Za-z0-9_]*$/.test(title) &&
    !/^[A-Za-z]{1,3}[0-9]+$/.test(title) &&
    !/^R[0-9]*C[0-9]*$/i.test(title)
  )
    return title;
  return `'${title.replace(/'/g, "''")}'`;
}

interface CellRange {
  /** 0-based, inclusive; null end means "to the end of the grid". */
  startRow: number;
  endRow: number | null;
  startColumn: number;
  endColumn: number | null;
}

const CELL = /^([A-Za-z]{0,3})([0-9]*)$/;

function parseA1(text: string): CellRange | null {
  const parts = text.split(':');
  if (parts.length > 2 || parts.some((p) => p === '')) return null;
  const cells = parts.map((part) => CELL.exec(part));
  if (cells.some((cell) => !cell || (cell[1] === '' && cell[2] === ''))) return null;
  const [first, second] = cells as RegExpExecArray[];
  const firstRow = first[2] ? Number(first[2]) - 1 : null;
  const firstColumn = first[1] ? columnIndex(first[1]) : null;
  if (firstRow !== null && firstRow < 0) return null;
  if (!second) {
    // A single cell ("B3"), a whole column ("B") or a whole row ("3").
    return {
      startRow: firstRow ?? 0,
      endRow: firstRow,
      startColumn: firstColumn ?? 0,
      endColumn: firstColumn,
    };
  }
  const secondRow = second[2] ? Number(second[2]) - 1 : null;
  const secondColumn = second[1] ? columnIndex(second[1]) : null;
  if (secondRow !== null && secondRow < 0) return null;
  // "A:B" and "1:2" need the same kind on both sides.
  if ((firstColumn === null) !== (secondColumn === null) && (firstRow === null || secondRow === null)) return null;
  const rows = [firstRow ?? 0, secondRow].filter((n): n is number => n !== null);
  const columns = [firstColumn ?? 0, secondColumn].filter((n): n is number => n !== null);
  return {
    startRow: Math.min(...rows),
    endRow: secondRow === null ? null : Math.max(...rows),
    startColumn: Math.min(...columns),
    endColumn: secondColumn === null ? null : Math.max(...columns),
  };
}

export interface ResolvedRange {
  sheet: Sheet;
  range: CellRange;
}

/** Reads `Sheet`, `'Sheet name'`, `Sheet!A1:Z`, `'It''s'!B2`, or a bare `A1:B2` (the first sheet). */
export function resolveRange(spreadsheet: DriveNode, text: string): ResolvedRange | null {
  const sheets = spreadsheet.sheets ?? [];
  const whole: CellRange = { startRow: 0, endRow: null, startColumn: 0, endColumn: null };
  const byTitle = (title: string) => sheets.find((sheet) => sheet.title === title);
  if (text.startsWith("'")) {
    let i = 1;
    let title = '';
    for (;;) {
      if (i >= text.length) return null;
      if (text[i] === "'") {
        if (text[i + 1] === "'") {
          title += "'";
          i += 2;
          continue;
        }
        i++;
        break;
      }
      title += text[i++];
    }
    const sheet = byTitle(title);
    if (!sheet) return null;
    const rest = text.slice(i);
    if (rest === '') return { sheet, range: whole };
    if (!rest.startsWith('!')) return null;
    const range = parseA1(rest.slice(1));
    return range ? { sheet, range } : null;
  }
  const exact = byTitle(text);
  if (exact) return { sheet: exact, range: whole };
  const bang = text.lastIndexOf('!');
  if (bang >= 0) {
    const sheet = byTitle(text.slice(0, bang));
    const range = parseA1(text.slice(bang + 1));
    return sheet && range ? { sheet, range } : null;
  }
  const range = parseA1(text);
  return range && sheets[0] ? { sheet: sheets[0], range } : null;
}

export function spreadsheetNotFound(): GoogleApiError {
  return new GoogleApiError(404, 'Requested entity was not found.', { status: 'NOT_FOUND' });
}

/** The spreadsheet for an id, or Google's errors for unknown ids and files that are not Google Sheets. */
export function findSpreadsheet(data: DriveData, id: string, visible: (node: DriveNode) => boolean): DriveNode {
  const node = data.nodes.get(id);
  if (!node || node.parentId === null) throw spreadsheetNotFound();
  if (!visible(node))
    throw new GoogleApiError(403, 'The caller does not have permission', { status: 'PERMISSION_DENIED' });
  if (node.mimeType !== SPREADSHEET_MIME) {
    throw new GoogleApiError(400, 'This operation is not supported for this document', {
      status: 'FAILED_PRECONDITION',
    });
  }
  return node;
}

export interface ValuesOptions {
  majorDimension: string | null;
  valueRenderOption: string | null;
  dateTimeRenderOption: string | null;
}

function checkEnum(value: string | null, field: string, type: string, allowed: string[]): void {
  if (value !== null && !allowed.includes(value)) {
    throw new GoogleApiError(
      400,
      `Invalid value at '${field}' (type.googleapis.com/google.apps.sheets.v4.${type}), "${value}"`,
      {
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [
              {
                field,
                description: `Invalid value at '${field}' (type.googleapis.com/google.apps.sheets.v4.${type}), "${value}"`,
              },
            ],
          },
        ],
      },
    );
  }
}

function trimRow(row: (string | number)[]): (string | number)[] {
  let end = row.length;
  while (end > 0 && (row[end - 1] === '' || row[end - 1] === undefined)) end--;
  return end === row.length ? row : row.slice(0, end);
}

const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

export function valueRange(spreadsheet: DriveNode, rangeText: string, options: ValuesOptions): Record<string, unknown> {
  checkEnum(options.majorDimension, 'major_dimension', 'Dimension', ['ROWS', 'COLUMNS', 'DIMENSION_UNSPECIFIED']);
  checkEnum(options.valueRenderOption, 'value_render_option', 'ValueRenderOption', [
    'FORMATTED_VALUE',
    'UNFORMATTED_VALUE',
    'FORMULA',
  ]);
  checkEnum(options.dateTimeRenderOption, 'date_time_render_option', 'DateTimeRenderOption', [
    'SERIAL_NUMBER',
    'FORMATTED_STRING',
  ]);
  const resolved = resolveRange(spreadsheet, rangeText);
  if (!resolved) throw new GoogleApiError(400, `Unable to parse range: ${rangeText}`, { status: 'INVALID_ARGUMENT' });
  const { sheet, range } = resolved;
  const grid = gridSize(sheet);
  if (range.startRow >= grid.rowCount || range.startColumn >= grid.columnCount) {
    throw new GoogleApiError(
      400,
      `Range (${quoteSheetName(sheet.title)}!${columnName(range.startColumn)}${range.startRow + 1}) exceeds grid limits. Max rows: ${grid.rowCount}, max columns: ${grid.columnCount}`,
      { status: 'INVALID_ARGUMENT' },
    );
  }
  const endRow = Math.min(range.endRow ?? grid.rowCount - 1, grid.rowCount - 1);
  const endColumn = Math.min(range.endColumn ?? grid.columnCount - 1, grid.columnCount - 1);
  const start = `${columnName(range.startColumn)}${range.startRow + 1}`;
  const end = `${columnName(endColumn)}${endRow + 1}`;
  const a1 = start === end ? start : `${start}:${end}`;
  const unformatted = options.valueRenderOption === 'UNFORMATTED_VALUE';
  const cell = (value: string | undefined): string | number => {
    if (value === undefined) return '';
    return unformatted && NUMBER.test(value) ? Number(value) : value;
  };

  const columns = options.majorDimension === 'COLUMNS';
  const lines: (string | number)[][] = [];
  if (!columns) {
    for (let r = range.startRow; r <= endRow; r++) {
      const row = sheet.values[r] ?? [];
      const out: (string | number)[] = [];
      const last = Math.min(endColumn, row.length - 1);
      for (let c = range.startColumn; c <= last; c++) out.push(cell(row[c]));
      lines.push(trimRow(out));
    }
  } else {
    for (let c = range.startColumn; c <= endColumn; c++) {
      const out: (string | number)[] = [];
      for (let r = range.startRow; r <= endRow; r++) out.push(cell(sheet.values[r]?.[c]));
      lines.push(trimRow(out));
    }
  }
  while (lines.length > 0 && lines[lines.length - 1].length === 0) lines.pop();
  const result: Record<string, unknown> = {
    range: `${quoteSheetName(sheet.title)}!${a1}`,
    majorDimension: columns ? 'COLUMNS' : 'ROWS',
  };
  if (lines.length > 0) result.values = lines;
  return result;
}

export function spreadsheetResource(
  spreadsheet: DriveNode,
  origin: string,
  includeGridData: boolean,
): Record<string, unknown> {
  return {
    spreadsheetId: spreadsheet.id,
    properties: {
      title: spreadsheet.name,
      locale: 'ko_KR',
      autoRecalc: 'ON_CHANGE',
      timeZone: 'Asia/Seoul',
      defaultFormat: {
        backgroundColor: { red: 1, green: 1, blue: 1 },
        verticalAlignment: 'BOTTOM',
        wrapStrategy: 'OVERFLOW_CELL',
        textFormat: { fontFamily: 'arial,sans,sans-serif', fontSize: 10, bold: false, italic: false },
      },
    },
    sheets: (spreadsheet.sheets ?? []).map((sheet, index) => {
      const grid = gridSize(sheet);
      const resource: Record<string, unknown> = {
        properties: { sheetId: sheet.sheetId, title: sheet.title, index, sheetType: 'GRID', gridProperties: grid },
      };
      if (includeGridData) {
        resource.data = [
          {
            rowData: sheet.values.map((row) => ({
              values: row.map((value) =>
                value === ''
                  ? {}
                  : {
                      userEnteredValue: { stringValue: value },
                      effectiveValue: { stringValue: value },
                      formattedValue: value,
                    },
              ),
            })),
          },
        ];
      }
      return resource;
    }),
    spreadsheetUrl: `${origin}/sandbox/drive/files/${spreadsheet.id}`,
  };
}
