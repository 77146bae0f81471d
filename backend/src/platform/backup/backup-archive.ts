// A backup file: a gzip-compressed tar archive, which tar can list and unpack by hand.
//   backup.json             what it holds: when it was taken, the schema's migration level, each table with its
//                           columns (in the order a restore loads them) and each sequence's value
//   tables/<table>.copy     each table in PostgreSQL's COPY text format, with the columns backup.json names
//   files/<set>/<key>       the stored files the database names (message pictures), under their storage keys
//   summary.json            last: the rows of each table and the files of each set; a file without it is incomplete
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';

export const BACKUP_FORMAT = 'job-casting-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'backup.json';
export const SUMMARY_ENTRY = 'summary.json';
export const tableEntry = (table: string) => `tables/${table}.copy`;
export const fileEntry = (set: string, key: string) => `files/${set}/${key}`;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The server's version (SHOW server_version), for the record. */
  serverVersion: string;
  /** The migrations the database had applied, in order: its schema's level. */
  migrations: string[];
  /** A fingerprint of ENCRYPTION_KEY, which sealed the stored credentials (never the key itself). */
  encryptionKeyCheck: string;
  /** In the order a restore loads them: every table after the tables it refers to. */
  tables: { name: string; columns: string[] }[];
  /** Each sequence's last value; null when it was never used. Values as text: they are 64-bit. */
  sequences: { name: string; lastValue: string | null }[];
  fileSets: string[];
}

export interface BackupSummary {
  rows: Record<string, number>;
  files: Record<string, { count: number; bytes: number; missing: string[] }>;
}

/** Writes a backup file entry by entry; the file is readable by nobody else (it holds personal data). */
export class BackupWriter {
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;
  private readonly mtime = new Date();

  constructor(path: string) {
    this.written = pipeline(this.pack, createGzip(), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
    // Awaited by finish(); a failure before that surfaces there or through abort().
    this.written.catch(() => {});
  }

  add(name: string, data: Buffer): Promise<void> {
    return new Promise((resolve, reject) =>
      this.pack.entry({ name, size: data.length, mode: 0o600, mtime: this.mtime }, data, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }

  async addFile(name: string, path: string): Promise<void> {
    const { size } = await stat(path);
    await pipeline(createReadStream(path), this.pack.entry({ name, size, mode: 0o600, mtime: this.mtime }));
  }

  async finish(): Promise<void> {
    this.pack.finalize();
    await this.written;
  }

  async abort(error: Error): Promise<void> {
    this.pack.destroy(error);
    await this.written.catch(() => {});
  }
}

export interface BackupEntry {
  name: string;
  size: number;
  content: Readable;
}

/** The entries of a backup file in their order; each must be read (or left) before the next is asked for. */
export async function* readBackupEntries(path: string): AsyncGenerator<BackupEntry> {
  const extract = tar.extract();
  pipeline(createReadStream(path), createGunzip(), extract).catch((error: Error) => extract.destroy(error));
  try {
    for await (const entry of extract) {
      yield { name: entry.header.name, size: entry.header.size ?? 0, content: entry };
      // Whatever the reader left of the entry is skipped.
      entry.resume();
    }
  } finally {
    extract.destroy();
  }
}

export async function readAll(content: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
