// Drive's query language for the file picker. Pure.

export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';

/** Quotes a value for a Drive query: backslashes and single quotes are escaped. */
export function driveLiteral(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A folder's children, or files named like `search` anywhere; never the trash. */
export function driveFilesQuery(options: { folderId?: string; search?: string }): string {
  const search = options.search?.trim();
  if (search) return `name contains ${driveLiteral(search)} and trashed = false`;
  return `${driveLiteral(options.folderId?.trim() || 'root')} in parents and trashed = false`;
}

/** Folders first, then by name (spec §2, drive file picker), whatever order Drive answered in. */
export function sortFolderFirst<T extends { mimeType: string; name: string }>(files: T[]): T[] {
  const collator = new Intl.Collator('ko', { numeric: true, sensitivity: 'base' });
  return [...files].sort((a, b) => {
    const folderA = a.mimeType === FOLDER_MIME_TYPE ? 0 : 1;
    const folderB = b.mimeType === FOLDER_MIME_TYPE ? 0 : 1;
    return folderA - folderB || collator.compare(a.name, b.name);
  });
}
