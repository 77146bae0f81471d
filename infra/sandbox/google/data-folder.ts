// Loads a folder instead of the seed: drive.json (accounts and the My Drive tree) plus one CSV file per sheet.
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { createRandom, stableId, stableNumericId } from './prng.ts';
import { SAMPLE_ACCOUNTS } from './seed.ts';
import {
  DOCUMENT_MIME,
  FOLDER_MIME,
  ROOT_FOLDER_ID,
  SPREADSHEET_MIME,
  mimeTypeFromName,
  nextSheetId,
  type Account,
  type DriveData,
  type DriveNode,
  type Sheet,
} from './store.ts';

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF, an optional UTF-8 BOM). */
export function parseCsv(text: string): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const length = source.length;
  let fieldStarted = false;
  while (i < length) {
    const char = source[i];
    if (char === '"' && field === '' && !fieldStarted) {
      // A quoted field runs to the next quote that is not doubled.
      i++;
      let start = i;
      for (;;) {
        const quote = source.indexOf('"', i);
        if (quote < 0) throw new Error(`unterminated quoted field in row ${rows.length + 1}`);
        if (source[quote + 1] === '"') {
          field += source.slice(start, quote + 1);
          i = quote + 2;
          start = i;
          continue;
        }
        field += source.slice(start, quote);
        i = quote + 1;
        break;
      }
      fieldStarted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
      fieldStarted = false;
      i++;
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      fieldStarted = false;
      i += char === '\r' && source[i + 1] === '\n' ? 2 : 1;
    } else {
      field += char;
      fieldStarted = true;
      i++;
    }
  }
  if (field !== '' || fieldStarted || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Writes rows as RFC 4180 CSV (CRLF line ends). */
export function toCsv(rows: string[][]): string {
  return (
    rows
      .map((row) => row.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(','))
      .join('\r\n') + '\r\n'
  );
}

type NodeType = 'folder' | 'spreadsheet' | 'image' | 'file' | 'document';

interface NodeInput {
  id?: string;
  name: string;
  type: NodeType;
  mimeType?: string;
  modifiedTime?: string;
  createdTime?: string;
  size?: number;
  trashed?: boolean;
  starred?: boolean;
  children?: NodeInput[];
  sheets?: Record<string, string | string[][]> | { name: string; csv?: string; values?: string[][] }[];
}

class DataError extends Error {}

function fail(where: string, message: string): never {
  throw new DataError(`${where}: ${message}`);
}

function readAccounts(input: unknown): Account[] {
  if (input === undefined) return SAMPLE_ACCOUNTS.map((a) => ({ ...a }));
  if (!Array.isArray(input) || input.length === 0) fail('drive.json accounts', 'expected a non-empty array');
  return input.map((item, index) => {
    const where = `drive.json accounts[${index}]`;
    if (!item || typeof item !== 'object') fail(where, 'expected an object');
    const a = item as Record<string, unknown>;
    if (typeof a.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(a.email)) fail(where, 'email is required');
    const name = typeof a.name === 'string' && a.name ? a.name : a.email.split('@')[0];
    const korean = /^[가-힣]{2,4}$/.test(name);
    return {
      id: typeof a.id === 'string' ? a.id : stableNumericId(a.email),
      email: a.email,
      name,
      givenName: typeof a.givenName === 'string' ? a.givenName : korean ? name.slice(1) : name.split(' ')[0],
      familyName:
        typeof a.familyName === 'string' ? a.familyName : korean ? name[0] : name.split(' ').slice(1).join(' '),
    };
  });
}

function checkTime(where: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    fail(where, 'times must be RFC 3339, e.g. 2026-11-20T09:30:00Z');
  return new Date(value).toISOString();
}

/** Reads a data folder into a Drive; errors name the file and the node. */
export async function loadDataFolder(dir: string): Promise<DriveData> {
  const folder = resolve(dir);
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(join(folder, 'drive.json'), 'utf8'));
  } catch (error) {
    throw new DataError(`${join(folder, 'drive.json')}: ${(error as Error).message}`);
  }
  const top = Array.isArray(manifest) ? { files: manifest } : (manifest as Record<string, unknown> | null);
  if (!top || typeof top !== 'object') fail('drive.json', 'expected an object with "files" (or an array of nodes)');
  const files = top.files ?? top.children;
  if (!Array.isArray(files)) fail('drive.json', '"files" must be an array of nodes');

  const data: DriveData = {
    accounts: readAccounts(top.accounts),
    rootId: ROOT_FOLDER_ID,
    nodes: new Map(),
    drives: [],
  };
  data.nodes.set(ROOT_FOLDER_ID, {
    id: ROOT_FOLDER_ID,
    name: 'My Drive',
    mimeType: FOLDER_MIME,
    parentId: null,
    createdTime: '2024-01-01T00:00:00.000Z',
    modifiedTime: '2026-01-01T00:00:00.000Z',
    trashed: false,
    starred: false,
  });

  const csvCache = new Map<string, string[][]>();
  async function readSheetFile(where: string, file: string): Promise<string[][]> {
    const path = resolve(folder, file);
    const inside = relative(folder, path);
    if (inside.startsWith('..') || isAbsolute(inside)) fail(where, `${file} is outside the data folder`);
    const cached = csvCache.get(path);
    if (cached) return cached.map((row) => row.slice());
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      fail(where, `cannot read ${file}: ${(error as Error).message}`);
    }
    let rows: string[][];
    try {
      rows = parseCsv(text);
    } catch (error) {
      fail(where, `${file}: ${(error as Error).message}`);
    }
    csvCache.set(path, rows);
    return rows.map((row) => row.slice());
  }

  async function addNode(input: unknown, parentId: string, names: string[], where: string): Promise<void> {
    if (!input || typeof input !== 'object' || Array.isArray(input)) fail(where, 'expected a node object');
    const node = input as NodeInput;
    if (typeof node.name !== 'string' || node.name.trim() === '') fail(where, 'name is required');
    const here = `${where} "${node.name}"`;
    if (!['folder', 'spreadsheet', 'image', 'file', 'document'].includes(node.type)) {
      fail(here, 'type must be folder, spreadsheet, image, file or document');
    }
    const path = [...names, node.name];
    let id =
      typeof node.id === 'string' && node.id
        ? node.id
        : stableId(`data:${JSON.stringify(path)}`, node.type === 'spreadsheet' ? 44 : 33);
    for (let n = 2; data.nodes.has(id) && !node.id; n++)
      id = stableId(`data:${JSON.stringify(path)}#${n}`, node.type === 'spreadsheet' ? 44 : 33);
    if (data.nodes.has(id)) fail(here, `duplicate id ${id}`);
    const random = createRandom(`data:${id}`);
    const modifiedTime =
      checkTime(here, node.modifiedTime) ??
      new Date(Date.UTC(2026, 0, 5) + Math.floor(random.next() * 327 * 86400000)).toISOString();
    const createdTime =
      checkTime(here, node.createdTime) ??
      new Date(Date.parse(modifiedTime) - random.int(0, 30) * 86400000).toISOString();
    const mimeType =
      node.mimeType ??
      (node.type === 'folder'
        ? FOLDER_MIME
        : node.type === 'spreadsheet'
          ? SPREADSHEET_MIME
          : node.type === 'document'
            ? DOCUMENT_MIME
            : mimeTypeFromName(node.name, node.type === 'image' ? 'image/jpeg' : 'application/octet-stream'));
    if (typeof mimeType !== 'string') fail(here, 'mimeType must be a string');
    if (node.type === 'image' && !mimeType.startsWith('image/')) fail(here, 'an image needs an image/* mimeType');
    const binary = node.type === 'image' || node.type === 'file';
    if (node.size !== undefined && (typeof node.size !== 'number' || node.size < 0))
      fail(here, 'size must be a number of bytes');
    const drive: DriveNode = {
      id,
      name: node.name,
      mimeType,
      parentId,
      createdTime,
      modifiedTime,
      size: binary ? (node.size ?? random.int(50_000, 2_500_000)) : undefined,
      trashed: node.trashed === true,
      starred: node.starred === true,
    };
    if (node.type === 'spreadsheet') {
      const sheets: Sheet[] = [];
      const entries: [string, string | string[][] | undefined][] = Array.isArray(node.sheets)
        ? node.sheets.map((s) => {
            if (!s || typeof s.name !== 'string') fail(here, 'each sheet needs a name');
            return [s.name, s.csv ?? s.values];
          })
        : Object.entries(node.sheets ?? {});
      for (const [title, source] of entries) {
        const sheetWhere = `${here} sheet "${title}"`;
        if (sheets.some((s) => s.title === title)) fail(sheetWhere, 'duplicate sheet name');
        let values: string[][];
        if (typeof source === 'string') values = await readSheetFile(sheetWhere, source);
        else if (Array.isArray(source) && source.every((row) => Array.isArray(row)))
          values = source.map((row) => row.map((cell) => String(cell ?? '')));
        else fail(sheetWhere, 'expected a CSV file name or an array of rows');
        sheets.push({ sheetId: nextSheetId(sheets, id), title, values });
      }
      if (sheets.length === 0) sheets.push({ sheetId: 0, title: '시트1', values: [] });
      drive.sheets = sheets;
    } else if (node.sheets !== undefined) {
      fail(here, 'only spreadsheets have sheets');
    }
    data.nodes.set(id, drive);
    if (node.children !== undefined) {
      if (node.type !== 'folder') fail(here, 'only folders have children');
      if (!Array.isArray(node.children)) fail(here, 'children must be an array');
      for (const [index, child] of node.children.entries())
        await addNode(child, id, path, `${here} children[${index}]`);
    }
  }

  for (const [index, node] of files.entries()) await addNode(node, ROOT_FOLDER_ID, [], `drive.json files[${index}]`);
  return data;
}
