// The sandbox's data: accounts, one My Drive tree that every account sees (with the cells of its spreadsheets),
// shared drives every account is a member of, and who else a file is shared with.

export const FOLDER_MIME = 'application/vnd.google-apps.folder';
export const SPREADSHEET_MIME = 'application/vnd.google-apps.spreadsheet';
export const DOCUMENT_MIME = 'application/vnd.google-apps.document';

export interface Account {
  /** Google's numeric account id (the `sub` of ID tokens). */
  id: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
}

export interface Sheet {
  sheetId: number;
  title: string;
  /** Cells as strings, row by row; rows may be ragged. */
  values: string[][];
}

/** A grant beyond the owner (My Drive) or the members (shared drives), as Drive's permission types name them. */
export interface Grant {
  type: 'user' | 'group' | 'domain' | 'anyone';
  role: 'reader' | 'commenter' | 'writer';
  /** For user and group grants. */
  emailAddress?: string;
  /** For domain grants. */
  domain?: string;
}

export interface SharedDrive {
  /** Also the id of the drive's root folder, as in Drive. */
  id: string;
  name: string;
  createdTime: string;
  colorRgb: string;
}

export interface DriveNode {
  id: string;
  name: string;
  mimeType: string;
  /** null only for the My Drive root. */
  parentId: string | null;
  createdTime: string;
  modifiedTime: string;
  /** Bytes, for binary files (not folders or Google Docs types). */
  size?: number;
  trashed: boolean;
  starred: boolean;
  /** Spreadsheets only, in tab order. */
  sheets?: Sheet[];
  /** The shared drive it lives in; absent in My Drive. */
  driveId?: string;
  /** Who else it is shared with; files inherit their folders' grants. */
  grants?: Grant[];
}

export interface DriveData {
  accounts: Account[];
  rootId: string;
  nodes: Map<string, DriveNode>;
  drives: SharedDrive[];
}

export const ROOT_FOLDER_ID = '0AJsandboxMyDriveRootUk9PVA';

export function gridSize(sheet: Sheet): { rowCount: number; columnCount: number } {
  let columnCount = 1;
  for (const row of sheet.values) if (row.length > columnCount) columnCount = row.length;
  return { rowCount: Math.max(sheet.values.length, 1), columnCount };
}

export function hasThumbnail(node: DriveNode): boolean {
  return (
    node.mimeType.startsWith('image/') ||
    node.mimeType === 'application/pdf' ||
    node.mimeType === SPREADSHEET_MIME ||
    node.mimeType === DOCUMENT_MIME ||
    node.mimeType === 'application/vnd.google-apps.presentation'
  );
}

export function isGoogleType(mimeType: string): boolean {
  return mimeType.startsWith('application/vnd.google-apps.');
}

/** A node's own grants and those of the folders above it. */
export function grantsOf(data: DriveData, node: DriveNode): Grant[] {
  const grants: Grant[] = [];
  for (
    let current: DriveNode | undefined = node;
    current;
    current = current.parentId === null ? undefined : data.nodes.get(current.parentId)
  ) {
    grants.push(...(current.grants ?? []));
  }
  return grants;
}

/** The path of a node from My Drive, e.g. `캐스팅 공고/2026/11월`. */
export function pathOf(data: DriveData, node: DriveNode): string {
  const names: string[] = [];
  let current: DriveNode | undefined = node;
  while (current && current.parentId !== null) {
    names.unshift(current.name);
    current = data.nodes.get(current.parentId);
  }
  return names.join('/');
}

export function childrenOf(data: DriveData, id: string): DriveNode[] {
  const children: DriveNode[] = [];
  for (const node of data.nodes.values()) if (node.parentId === id) children.push(node);
  return children;
}

/** A new sheet id, like Google's (random-looking 9–10 digit numbers for every tab but the first). */
export function nextSheetId(existing: Sheet[], seed: string): number {
  if (existing.length === 0) return 0;
  let hash = 2166136261;
  for (const char of `${seed}:${existing.length}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  let id = 100000000 + (hash % 1900000000);
  while (existing.some((sheet) => sheet.sheetId === id)) id++;
  return id;
}

/** Deep copy, so `reset` can restore the tree as loaded. */
export function cloneData(data: DriveData): DriveData {
  const nodes = new Map<string, DriveNode>();
  for (const [id, node] of data.nodes) {
    nodes.set(id, {
      ...node,
      sheets: node.sheets?.map((sheet) => ({ ...sheet, values: sheet.values.map((row) => row.slice()) })),
      grants: node.grants?.map((grant) => ({ ...grant })),
    });
  }
  return {
    accounts: data.accounts.map((a) => ({ ...a })),
    rootId: data.rootId,
    nodes,
    drives: data.drives.map((d) => ({ ...d })),
  };
}

/** Guesses a MIME type from a file name, for nodes that do not state one. */
export function mimeTypeFromName(name: string, fallback: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const known: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    gif: 'image/gif',
    webp: 'image/webp',
    heic: 'image/heic',
    svg: 'image/svg+xml',
    pdf: 'application/pdf',
    doc: 'application/msword',
    docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    xls: 'application/vnd.ms-excel',
    xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ppt: 'application/vnd.ms-powerpoint',
    pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    hwp: 'application/x-hwp',
    zip: 'application/zip',
    txt: 'text/plain',
    csv: 'text/csv',
    mp4: 'video/mp4',
    mov: 'video/quicktime',
  };
  return (extension && known[extension]) || fallback;
}
