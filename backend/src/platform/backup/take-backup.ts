import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { SecretBox } from '../crypto/secret-box.js';
import { MIGRATIONS_TABLE } from '../database/orm-options.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  type BackupSummary,
  BackupWriter,
  fileEntry,
  MANIFEST_ENTRY,
  SUMMARY_ENTRY,
  tableEntry,
} from './backup-archive.js';
import { COPY_SETTINGS, sequenceValues, tablesInLoadOrder } from './schema-catalog.js';

/** Files kept outside the database that its rows name (message pictures): backed up and restored with them. */
export interface BackupFileSet {
  /** Its folder in the backup: files/<name>/<key>. */
  name: string;
  /** The table whose rows name the files; a database without it (at an older level) has none. */
  table: string;
  /** The files the database names, as rows of (key, "mimeType"): read in the backup's snapshot, and after a restore. */
  listSql: string;
  /** Null for a file that is not there. */
  get(key: string): Promise<Buffer | null>;
  put(key: string, bytes: Buffer, mimeType: string): Promise<void>;
}

export interface BackupOptions {
  databaseUrl: string;
  /** The file to write; it must not exist. */
  path: string;
  fileSets: readonly BackupFileSet[];
  encryptionKey: string;
}

export interface BackupResult {
  path: string;
  bytes: number;
  manifest: BackupManifest;
  summary: BackupSummary;
}

/**
 * Writes one consistent snapshot of the database and the files its rows name. Every table is read in one
 * read-only repeatable-read transaction, so the backup holds the database as it stood at one instant, however
 * many sends and imports write meanwhile: a batch half-written then is in none of it. The file is written under
 * a temporary name and renamed when complete, so a backup cut short never passes for one.
 */
export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  if (existsSync(options.path)) throw new Error(`${options.path} already exists`);
  await mkdir(dirname(options.path), { recursive: true });
  const partial = join(dirname(options.path), `.${basename(options.path)}.partial`);
  const scratch = await mkdtemp(join(dirname(options.path), '.backup-'));
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  let writer: BackupWriter | undefined;
  try {
    await client.query('start transaction isolation level repeatable read, read only');
    for (const statement of COPY_SETTINGS) await client.query(statement);
    // The first query fixes the snapshot; the sequences are read after it, so none is behind a row it holds.
    const tables = await tablesInLoadOrder(client);
    const sequences = await sequenceValues(client);
    const migrations = tables.some((table) => table.name === MIGRATIONS_TABLE)
      ? (
          await client.query<{ name: string }>(
            `select "name" from ${client.escapeIdentifier(MIGRATIONS_TABLE)} order by "id"`,
          )
        ).rows.map((row) => row.name)
      : [];
    const serverVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]
      .server_version;
    const fileLists = new Map<string, string[]>();
    for (const set of options.fileSets) {
      const named = tables.some((table) => table.name === set.table)
        ? (await client.query<{ key: string }>(set.listSql)).rows
        : [];
      fileLists.set(
        set.name,
        named.map((row) => row.key),
      );
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion,
      migrations,
      encryptionKeyCheck: new SecretBox(options.encryptionKey).fingerprint(),
      tables,
      sequences,
      fileSets: options.fileSets.map((set) => set.name),
    };
    writer = new BackupWriter(partial);
    await writer.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));

    const summary: BackupSummary = { rows: {}, files: {} };
    // A tar entry states its size before its bytes: each table goes to a scratch file first.
    const spool = join(scratch, 'table.copy');
    for (const table of tables) {
      const columns = table.columns.map((column) => client.escapeIdentifier(column)).join(', ');
      const copy = client.query(copyTo(`copy ${client.escapeIdentifier(table.name)} (${columns}) to stdout`));
      await pipeline(copy, createWriteStream(spool));
      summary.rows[table.name] = copy.rowCount;
      await writer.addFile(tableEntry(table.name), spool);
    }
    await client.query('commit');

    // Stored files never change under their key, so they may be read after the snapshot.
    for (const set of options.fileSets) {
      const files = { count: 0, bytes: 0, missing: [] as string[] };
      for (const key of fileLists.get(set.name) ?? []) {
        const bytes = await set.get(key);
        if (!bytes) {
          files.missing.push(key);
          continue;
        }
        await writer.add(fileEntry(set.name, key), bytes);
        files.count++;
        files.bytes += bytes.length;
      }
      summary.files[set.name] = files;
    }
    await writer.add(SUMMARY_ENTRY, Buffer.from(JSON.stringify(summary, null, 2)));
    await writer.finish();
    await rename(partial, options.path);
    return { path: options.path, bytes: (await stat(options.path)).size, manifest, summary };
  } catch (error) {
    await writer?.abort(error as Error);
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
    await rm(scratch, { recursive: true, force: true });
  }
}
