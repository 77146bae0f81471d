// Drive v3: files.list with the query language, ordering, paging, partial responses and the shared-drive
// parameters (corpora, driveId, supportsAllDrives, includeItemsFromAllDrives); files.get; permissions.list.
import { PERMISSION_FIELDS, checkedSelection, findDrive, isShared, permissionResources } from './drive-sharing.ts';
import { FieldsError, applySelection, parseFields, selectedNames, type Selection } from './fields.ts';
import { GoogleApiError, invalidParameter } from './http.ts';
import { FOLDER_MIME, hasThumbnail, isGoogleType, type Account, type DriveData, type DriveNode } from './store.ts';

// --- The query language (https://developers.google.com/drive/api/guides/ref-search-terms) ----------------------

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'word'; value: string }
  | { kind: 'op'; value: string }
  | { kind: 'paren'; value: '(' | ')' };

export interface QueryContext {
  rootId: string;
  account: Account;
}

type Predicate = (node: DriveNode, context: QueryContext) => boolean;

class QueryError extends Error {}

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const char = q[i];
    if (/\s/.test(char)) {
      i++;
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: 'paren', value: char });
      i++;
    } else if (char === "'" || char === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= q.length) throw new QueryError('unterminated string');
        const c = q[i];
        if (c === '\\' && i + 1 < q.length) {
          value += q[i + 1];
          i += 2;
        } else if (c === char) {
          i++;
          break;
        } else {
          value += c;
          i++;
        }
      }
      tokens.push({ kind: 'string', value });
    } else {
      const op = /^(!=|<=|>=|=|<|>)/.exec(q.slice(i));
      if (op) {
        tokens.push({ kind: 'op', value: op[0] });
        i += op[0].length;
        continue;
      }
      const word = /^[A-Za-z_][\w.]*/.exec(q.slice(i));
      if (!word) throw new QueryError(`unexpected ${char}`);
      tokens.push({ kind: 'word', value: word[0] });
      i += word[0].length;
    }
  }
  return tokens;
}

const STRING_FIELDS = new Set(['name', 'mimeType', 'fullText']);
const TIME_FIELDS = new Set(['modifiedTime', 'createdTime', 'viewedByMeTime']);
const BOOLEAN_FIELDS = new Set(['trashed', 'starred', 'hidden']);
const COLLECTION_FIELDS = new Set(['parents', 'owners', 'writers', 'readers']);

/** Drive matches `name contains` by prefixes of the name's words (case-insensitive). */
export function nameContains(name: string, term: string): boolean {
  const haystack = name.toLowerCase();
  const needle = term.toLowerCase();
  if (needle === '') return true;
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) return false;
    if (at === 0 || !/[\p{L}\p{N}]/u.test(haystack[at - 1])) return true;
    from = at + 1;
  }
}

function fieldValue(node: DriveNode, field: string): string | boolean | number {
  switch (field) {
    case 'name':
      return node.name;
    case 'mimeType':
      return node.mimeType;
    case 'fullText':
      return node.name;
    case 'modifiedTime':
      return Date.parse(node.modifiedTime);
    case 'createdTime':
    case 'viewedByMeTime':
      return Date.parse(node.createdTime);
    case 'trashed':
      return node.trashed;
    case 'starred':
      return node.starred;
    default:
      return false;
  }
}

function compare(left: string | number | boolean, op: string, right: string | number | boolean): boolean {
  switch (op) {
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    default:
      return false;
  }
}

export function parseQuery(q: string): Predicate {
  const tokens = tokenize(q);
  let index = 0;
  const peek = () => tokens[index];
  const isWord = (token: Token | undefined, word: string) =>
    token?.kind === 'word' && token.value.toLowerCase() === word;

  function parseOr(): Predicate {
    const terms = [parseAnd()];
    while (isWord(peek(), 'or')) {
      index++;
      terms.push(parseAnd());
    }
    return terms.length === 1 ? terms[0] : (node, context) => terms.some((term) => term(node, context));
  }

  function parseAnd(): Predicate {
    const terms = [parseUnary()];
    while (isWord(peek(), 'and')) {
      index++;
      terms.push(parseUnary());
    }
    return terms.length === 1 ? terms[0] : (node, context) => terms.every((term) => term(node, context));
  }

  function parseUnary(): Predicate {
    if (isWord(peek(), 'not')) {
      index++;
      const inner = parseUnary();
      return (node, context) => !inner(node, context);
    }
    const token = peek();
    if (token?.kind === 'paren' && token.value === '(') {
      index++;
      const inner = parseOr();
      const close = peek();
      if (close?.kind !== 'paren' || close.value !== ')') throw new QueryError('missing )');
      index++;
      return inner;
    }
    return parseTerm();
  }

  function parseTerm(): Predicate {
    const first = tokens[index++];
    if (!first) throw new QueryError('unexpected end');
    if (first.kind === 'string') {
      // 'value' in parents | owners | writers | readers
      if (!isWord(peek(), 'in')) throw new QueryError('expected in');
      index++;
      const field = tokens[index++];
      if (field?.kind !== 'word' || !COLLECTION_FIELDS.has(field.value)) throw new QueryError('expected a collection');
      const value = first.value;
      if (field.value === 'parents') {
        return (node, context) =>
          node.parentId !== null && node.parentId === (value === 'root' ? context.rootId : value);
      }
      return (_node, context) => value === 'me' || value.toLowerCase() === context.account.email.toLowerCase();
    }
    if (first.kind !== 'word') throw new QueryError('expected a field');
    const field = first.value;
    if (field === 'sharedWithMe') return () => false;
    const next = tokens[index++];
    if (!next) throw new QueryError('unexpected end');
    if (next.kind === 'word' && next.value.toLowerCase() === 'contains') {
      const value = tokens[index++];
      if (value?.kind !== 'string' || !STRING_FIELDS.has(field)) throw new QueryError('bad contains');
      const term = value.value;
      if (field === 'name') return (node) => nameContains(node.name, term);
      return (node) => String(fieldValue(node, field)).toLowerCase().includes(term.toLowerCase());
    }
    if (next.kind !== 'op') throw new QueryError('expected an operator');
    const op = next.value;
    const value = tokens[index++];
    if (!value) throw new QueryError('unexpected end');
    if (STRING_FIELDS.has(field) && field !== 'fullText') {
      if (value.kind !== 'string' || (op !== '=' && op !== '!=')) throw new QueryError('bad string comparison');
      return (node) => compare(fieldValue(node, field), op, value.value);
    }
    if (TIME_FIELDS.has(field)) {
      const time =
        value.kind === 'string'
          ? Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value.value) ? value.value : `${value.value}Z`)
          : NaN;
      if (Number.isNaN(time)) throw new QueryError('bad date');
      return (node) => compare(fieldValue(node, field), op, time);
    }
    if (BOOLEAN_FIELDS.has(field)) {
      if (value.kind !== 'word' || !/^(true|false)$/.test(value.value) || (op !== '=' && op !== '!='))
        throw new QueryError('bad boolean');
      const wanted = value.value === 'true';
      return (node) => compare(fieldValue(node, field), op, wanted);
    }
    throw new QueryError(`unknown field ${field}`);
  }

  if (tokens.length === 0) return () => true;
  const predicate = parseOr();
  if (index !== tokens.length) throw new QueryError('trailing input');
  return predicate;
}

// --- Ordering -------------------------------------------------------------------------------------------------

const collator = new Intl.Collator('ko', { sensitivity: 'base' });
const naturalCollator = new Intl.Collator('ko', { sensitivity: 'base', numeric: true });

type Comparator = (a: DriveNode, b: DriveNode) => number;

function orderKey(key: string): Comparator | null {
  switch (key) {
    case 'folder':
      return (a, b) => Number(b.mimeType === FOLDER_MIME) - Number(a.mimeType === FOLDER_MIME);
    case 'name':
      return (a, b) => collator.compare(a.name, b.name);
    case 'name_natural':
      return (a, b) => naturalCollator.compare(a.name, b.name);
    case 'modifiedTime':
    case 'modifiedByMeTime':
    case 'recency':
    case 'viewedByMeTime':
    case 'sharedWithMeTime':
      return (a, b) => a.modifiedTime.localeCompare(b.modifiedTime);
    case 'createdTime':
      return (a, b) => a.createdTime.localeCompare(b.createdTime);
    case 'quotaBytesUsed':
      return (a, b) => (a.size ?? 0) - (b.size ?? 0);
    case 'starred':
      return (a, b) => Number(b.starred) - Number(a.starred);
    default:
      return null;
  }
}

export function parseOrderBy(orderBy: string): Comparator {
  const comparators: Comparator[] = [];
  for (const part of orderBy.split(',')) {
    const words = part.trim().split(/\s+/);
    if (words[0] === '') continue;
    const comparator = orderKey(words[0]);
    if (!comparator || words.length > 2 || (words[1] !== undefined && !/^(asc|desc)$/i.test(words[1]))) {
      throw invalidParameter('orderBy', `Invalid sort field: ${part.trim()}`);
    }
    comparators.push(words[1]?.toLowerCase() === 'desc' ? (a, b) => comparator(b, a) : comparator);
  }
  // Ties keep a stable, sensible order.
  comparators.push((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
  return (a, b) => {
    for (const comparator of comparators) {
      const result = comparator(a, b);
      if (result !== 0) return result;
    }
    return 0;
  };
}

// --- Resources ------------------------------------------------------------------------------------------------

/** Every field of the file resource a client may name in `fields`. */
const FILE_FIELDS = new Set(
  (
    'kind id name mimeType description starred trashed explicitlyTrashed trashingUser trashedTime parents properties appProperties ' +
    'spaces version webContentLink webViewLink iconLink hasThumbnail thumbnailLink thumbnailVersion viewedByMe viewedByMeTime ' +
    'createdTime modifiedTime modifiedByMeTime modifiedByMe sharedWithMeTime sharingUser owners teamDriveId driveId lastModifyingUser ' +
    'shared ownedByMe capabilities viewersCanCopyContent copyRequiresWriterPermission writersCanShare permissions permissionIds ' +
    'hasAugmentedPermissions folderColorRgb originalFilename fullFileExtension fileExtension md5Checksum sha1Checksum sha256Checksum ' +
    'size quotaBytesUsed headRevisionId contentHints imageMediaMetadata videoMediaMetadata isAppAuthorized exportLinks shortcutDetails ' +
    'contentRestrictions resourceKey linkShareMetadata labelInfo inheritedPermissionsDisabled downloadRestrictions'
  ).split(' '),
);
const LIST_FIELDS = new Set(['kind', 'nextPageToken', 'incompleteSearch', 'files']);
const DEFAULT_FILE_SELECTION = parseFields('kind,id,name,mimeType');
const DEFAULT_LIST_SELECTION = parseFields('kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType)');

function checkSelection(selection: Selection, list: boolean): void {
  const top = selectedNames(selection, null);
  if (top === 'all') return;
  for (const name of top) {
    if (!(list ? LIST_FIELDS : FILE_FIELDS).has(name))
      throw invalidParameter('fields', `Invalid field selection ${name}`);
  }
  if (!list) return;
  const inner = selectedNames(selection, 'files');
  if (inner === 'all') return;
  for (const name of inner)
    if (!FILE_FIELDS.has(name)) throw invalidParameter('fields', `Invalid field selection ${name}`);
}

function selectionFor(fields: string | null, list: boolean): Selection {
  if (fields === null || fields.trim() === '') return list ? DEFAULT_LIST_SELECTION : DEFAULT_FILE_SELECTION;
  let selection: Selection;
  try {
    selection = parseFields(fields);
  } catch (error) {
    if (error instanceof FieldsError) throw invalidParameter('fields', error.message);
    throw error;
  }
  checkSelection(selection, list);
  return selection;
}

function extensionOf(name: string): string | undefined {
  return /\.([^./]+)$/.exec(name)?.[1];
}

export function fileResource(
  data: DriveData,
  node: DriveNode,
  account: Account,
  origin: string,
): Record<string, unknown> {
  const folder = node.mimeType === FOLDER_MIME;
  const permissions = permissionResources(data, node, account, origin);
  const googleType = isGoogleType(node.mimeType);
  const extension = googleType ? undefined : extensionOf(node.name);
  const resource: Record<string, unknown> = {
    kind: 'drive#file',
    id: node.id,
    name: node.name,
    mimeType: node.mimeType,
    starred: node.starred,
    trashed: node.trashed,
    explicitlyTrashed: node.trashed,
    parents: node.parentId === null ? undefined : [node.parentId],
    spaces: ['drive'],
    version: '1',
    webViewLink: `${origin}/sandbox/drive/files/${node.id}`,
    iconLink: `${origin}/sandbox/icons/16/type/${node.mimeType}`,
    hasThumbnail: hasThumbnail(node),
    thumbnailLink: hasThumbnail(node) ? `${origin}/sandbox/thumbnails/${node.id}=s220` : undefined,
    thumbnailVersion: '1',
    viewedByMe: true,
    createdTime: node.createdTime,
    modifiedTime: node.modifiedTime,
    modifiedByMe: true,
    owners: [
      {
        kind: 'drive#user',
        displayName: account.name,
        photoLink: `${origin}/sandbox/avatars/${account.id}`,
        me: true,
        permissionId: account.id,
        emailAddress: account.email,
      },
    ],
    ownedByMe: true,
    shared: isShared(data, node),
    capabilities: {
      canEdit: true,
      canDownload: !folder,
      canListChildren: folder,
      canAddChildren: folder,
      canTrash: true,
      canShare: true,
    },
    permissions,
    permissionIds: permissions.map((permission) => permission.id),
    quotaBytesUsed: String(node.size ?? 0),
  };
  if (node.driveId) {
    // Shared drives own their files: no owners, and the permissions only by id.
    Object.assign(resource, {
      driveId: node.driveId,
      teamDriveId: node.driveId,
      ownedByMe: false,
      owners: undefined,
      permissions: undefined,
    });
  }
  if (!folder && !googleType) {
    resource.webContentLink = `${origin}/sandbox/drive/files/${node.id}/content`;
    resource.originalFilename = node.name;
    if (extension) {
      resource.fullFileExtension = extension;
      resource.fileExtension = extension;
    }
    resource.size = String(node.size ?? 0);
    resource.md5Checksum = node.id
      .slice(1, 33)
      .toLowerCase()
      .replace(/[^0-9a-f]/g, 'a');
  }
  if (node.mimeType.startsWith('image/')) resource.imageMediaMetadata = { width: 1200, height: 1600 };
  return resource;
}

// --- files.list and files.get ---------------------------------------------------------------------------------

export interface ListRequest {
  q: string | null;
  orderBy: string | null;
  pageSize: string | null;
  pageToken: string | null;
  fields: string | null;
  spaces: string | null;
  corpora: string | null;
  driveId: string | null;
  supportsAllDrives: boolean;
  includeItemsFromAllDrives: boolean;
}

interface PageTokenBody {
  offset: number;
  key: string;
}

function listKey(request: ListRequest): string {
  return JSON.stringify([
    request.q ?? '',
    request.orderBy ?? '',
    request.spaces ?? '',
    request.corpora ?? '',
    request.driveId ?? '',
    request.supportsAllDrives,
    request.includeItemsFromAllDrives,
  ]);
}

const CORPORA = ['user', 'domain', 'drive', 'allDrives'];

/**
 * Which items a list may show: My Drive's, and a shared drive's only when the caller says it handles them
 * (supportsAllDrives and includeItemsFromAllDrives) and asks for them (corpora allDrives, or drive with driveId).
 */
function corpusFilter(data: DriveData, request: ListRequest): (node: DriveNode) => boolean {
  const corpora = request.corpora ?? 'user';
  if (!CORPORA.includes(corpora)) throw invalidParameter('corpora');
  if ((corpora === 'drive') !== (request.driveId !== null)) {
    const message = 'The driveId parameter must be specified if and only if corpora is set to drive.';
    throw new GoogleApiError(400, message, {
      errors: [{ message, domain: 'global', reason: 'badRequest', location: 'driveId', locationType: 'parameter' }],
    });
  }
  if (request.driveId !== null) findDrive(data, request.driveId);
  const sharedItems = request.supportsAllDrives && request.includeItemsFromAllDrives;
  if (corpora === 'drive') return (node) => sharedItems && node.driveId === request.driveId;
  if (corpora === 'allDrives') return (node) => !node.driveId || sharedItems;
  return (node) => !node.driveId;
}

export function listFiles(
  data: DriveData,
  request: ListRequest,
  account: Account,
  origin: string,
  visible: (node: DriveNode) => boolean,
): unknown {
  const selection = selectionFor(request.fields, true);
  let pageSize = 100;
  if (request.pageSize !== null) {
    pageSize = Number(request.pageSize);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
      throw invalidParameter(
        'pageSize',
        `Invalid value '${request.pageSize}'. Values must be within the range: [1, 1000]`,
      );
    }
  }
  const spaces = (request.spaces ?? 'drive').split(',').map((s) => s.trim());
  for (const space of spaces)
    if (!['drive', 'appDataFolder', 'photos'].includes(space)) throw invalidParameter('spaces', `Invalid Value`);
  let predicate: Predicate;
  try {
    predicate = parseQuery(request.q ?? '');
  } catch (error) {
    if (error instanceof QueryError) throw invalidParameter('q');
    throw error;
  }
  const comparator = request.orderBy ? parseOrderBy(request.orderBy) : null;
  const inCorpus = corpusFilter(data, request);
  let offset = 0;
  if (request.pageToken) {
    let token: PageTokenBody | null;
    try {
      token = JSON.parse(Buffer.from(request.pageToken, 'base64url').toString('utf8')) as PageTokenBody;
    } catch {
      token = null;
    }
    if (!token || typeof token.offset !== 'number' || token.key !== listKey(request))
      throw invalidParameter('pageToken');
    offset = token.offset;
  }

  const context: QueryContext = { rootId: data.rootId, account };
  const matches: DriveNode[] = [];
  if (spaces.includes('drive')) {
    for (const node of data.nodes.values()) {
      if (node.parentId === null || !visible(node) || !inCorpus(node)) continue;
      if (predicate(node, context)) matches.push(node);
    }
  }
  if (comparator) matches.sort(comparator);
  const page = matches.slice(offset, offset + pageSize);
  const result: Record<string, unknown> = {
    kind: 'drive#fileList',
    incompleteSearch: false,
    files: page.map((node) => fileResource(data, node, account, origin)),
  };
  if (offset + pageSize < matches.length) {
    const token: PageTokenBody = { offset: offset + pageSize, key: listKey(request) };
    result.nextPageToken = Buffer.from(JSON.stringify(token)).toString('base64url');
  }
  return applySelection(result, selection);
}

export function fileNotFound(id: string): GoogleApiError {
  const message = `File not found: ${id}.`;
  return new GoogleApiError(404, message, {
    errors: [{ message, domain: 'global', reason: 'notFound', location: 'fileId', locationType: 'parameter' }],
  });
}

/** A file by id; one in a shared drive only for a caller that passes supportsAllDrives=true, as Drive does. */
export function findFile(
  data: DriveData,
  id: string,
  visible: (node: DriveNode) => boolean,
  supportsAllDrives = false,
): DriveNode {
  const node = data.nodes.get(id === 'root' ? data.rootId : id);
  if (!node || !visible(node) || (node.driveId && !supportsAllDrives)) throw fileNotFound(id);
  return node;
}

export function getFile(
  data: DriveData,
  id: string,
  fields: string | null,
  account: Account,
  origin: string,
  visible: (node: DriveNode) => boolean,
  supportsAllDrives: boolean,
): unknown {
  const selection = selectionFor(fields, false);
  return applySelection(fileResource(data, findFile(data, id, visible, supportsAllDrives), account, origin), selection);
}

/** permissions.list: `{kind, permissions}`, by default each as `kind, id, type, role`. */
export function listPermissions(
  data: DriveData,
  id: string,
  fields: string | null,
  account: Account,
  origin: string,
  visible: (node: DriveNode) => boolean,
  supportsAllDrives: boolean,
): unknown {
  const selection = checkedSelection(
    fields,
    'kind,nextPageToken,permissions(kind,id,type,role)',
    'permissions',
    ['kind', 'nextPageToken', 'permissions'],
    PERMISSION_FIELDS,
  );
  const node = findFile(data, id, visible, supportsAllDrives);
  return applySelection(
    { kind: 'drive#permissionList', permissions: permissionResources(data, node, account, origin) },
    selection,
  );
}

/** permissions.get: one permission; 404 `Permission not found` for an id the file does not have. */
export function getPermission(
  data: DriveData,
  id: string,
  permissionId: string,
  fields: string | null,
  account: Account,
  origin: string,
  visible: (node: DriveNode) => boolean,
  supportsAllDrives: boolean,
): unknown {
  const node = findFile(data, id, visible, supportsAllDrives);
  const permission = permissionResources(data, node, account, origin).find((p) => p.id === permissionId);
  if (!permission) {
    const message = `Permission not found: ${permissionId}.`;
    throw new GoogleApiError(404, message, {
      errors: [{ message, domain: 'global', reason: 'notFound', location: 'permissionId', locationType: 'parameter' }],
    });
  }
  const selection = checkedSelection(
    fields === null || fields.trim() === '' ? null : `permissions(${fields})`,
    'permissions(kind,id,type,role)',
    'permissions',
    ['permissions'],
    PERMISSION_FIELDS,
  );
  return (applySelection({ permissions: [permission] }, selection) as { permissions: unknown[] }).permissions[0];
}
