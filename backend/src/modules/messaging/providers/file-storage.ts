// Where message pictures are kept: the port, and the local-disk adapter (files under DATA_DIR/message-files).
// MESSAGE_FILE_STORAGE=s3 selects the S3-compatible adapter (s3-file.storage.ts).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export interface FileStorage {
  put(key: string, bytes: Buffer, mimeType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** A key with no file behind it. */
export class StoredFileMissing extends Error {
  constructor(key: string) {
    super(`No stored file ${key}`);
  }
}

/**
 * Keys are ours (uuid-based), but a key read from elsewhere (a restored backup) could name another place: an
 * empty, `.` or `..` segment is refused by every adapter, so no key leaves its folder or bucket.
 */
export function checkedStorageKey(key: string): string {
  if (
    key.length === 0 ||
    key.startsWith('/') ||
    key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new Error(`Bad storage key ${key}`);
  }
  return key;
}

export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'message-files');
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, bytes);
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissing(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    const path = resolve(join(this.root, checkedStorageKey(key)));
    if (!path.startsWith(`${this.root}/`)) throw new Error(`Bad storage key ${key}`);
    return path;
  }
}
