import { existsSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { MikroORM } from '@mikro-orm/postgresql';
import { PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { SecretBox } from '../crypto/secret-box.js';
import { migrationsList } from '../database/migrations/index.js';
import { type EntityList, ormOptions } from '../database/orm-options.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupEntry,
  type BackupManifest,
  type BackupSummary,
  fileEntry,
  MANIFEST_ENTRY,
  readAll,
  readBackupEntries,
  SUMMARY_ENTRY,
  tableEntry,
} from './backup-archive.js';
import {
  COPY_SETTINGS,
  derivedTableRebuilds,
  schemaObjects,
  sequenceValues,
  tablesInLoadOrder,
} from './schema-catalog.js';
import type { BackupFileSet } from './take-backup.js';

/** A restore that cannot go ahead; nothing was changed. */
export class RestoreRefused extends Error {}

export interface RestoreOptions {
  databaseUrl: string;
  /** The application's entities (src/entities.ts). */
  entities: EntityList;
  path: string;
  /** Drop what the database holds first; without it a database that holds anything is refused. */
  replace: boolean;
  fileSets: readonly BackupFileSet[];
  encryptionKey: string;
  /**
   * Runs last, in the restore's transaction, on the data at this release's level: what the modules do to data
   * restored from the past (sends that may have gone out since). Answers lines to report.
   */
  afterRestore?: (client: pg.ClientBase, manifest: BackupManifest) => Promise<string[]>;
}

export interface RestoreResult {
  manifest: BackupManifest;
  summary: BackupSummary;
  /** The objects --replace dropped. */
  dropped: number;
  /** Migrations applied after the data, from the backup's level to this release's. */
  migrated: string[];
  /** False when the stored credentials were sealed under another ENCRYPTION_KEY than this one. */
  sameEncryptionKey: boolean;
  /** What afterRestore reported. */
  reported: string[];
}

/**
 * Brings a backup back, all or nothing, in one transaction: the schema is built by this release's migrations
 * up to the backup's level, the rows are loaded by COPY, the sequences set, the files put back, the row counts
 * checked against the backup's summary, and then the migrations since the backup's level are applied. A backup
 * from a release newer than this one (a migration this one does not have) is refused.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  if (!existsSync(options.path)) throw new RestoreRefused(`There is no file ${options.path}.`);
  const entries = readBackupEntries(options.path);
  try {
    const manifest = await readManifest(entries);
    const known = migrationsList.map((migration) => migration.name);
    const unknown = manifest.migrations.filter((name) => !known.includes(name));
    if (unknown.length > 0) {
      throw new RestoreRefused(
        `The backup's schema is at migration ${unknown.at(-1)}, which this release does not have: restore it with the release that took it, or a newer one.`,
      );
    }

    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    // The migrator and the COPYs share this one connection, and with it one transaction.
    const orm = await MikroORM.init({
      ...ormOptions(options.databaseUrl, options.entities),
      driverOptions: oneConnectionDialect(client),
    });
    try {
      return await orm.em.getConnection().transactional(async (transaction) => {
        for (const statement of COPY_SETTINGS) await client.query(statement);
        const existing = await schemaObjects(client);
        if (existing.length > 0 && !options.replace) {
          const names = existing
            .slice(0, 5)
            .map((object) => object.name)
            .join(', ');
          throw new RestoreRefused(
            `The database is not empty (it holds ${names}${existing.length > 5 ? ', …' : ''}): restore into an empty database, or add --replace to drop what it holds.`,
          );
        }
        // --replace drops an app's own database, never what another tool keeps beside it in the same schema.
        const ours = new Set(['mikro_orm_migrations', ...[...orm.getMetadata()].map((meta) => meta.tableName)]);
        const foreign = existing.filter((object) => object.drop.startsWith('drop table') && !ours.has(object.name));
        if (foreign.length > 0) {
          const names = foreign
            .slice(0, 5)
            .map((object) => object.name)
            .join(', ');
          throw new RestoreRefused(
            `The database also holds tables the app does not know (${names}${foreign.length > 5 ? ', …' : ''}): --replace drops only the app's own database. Restore into an empty database, or remove those tables first.`,
          );
        }
        for (const object of existing) await client.query(object.drop);

        if (manifest.migrations.length > 0) await orm.migrator.up({ migrations: manifest.migrations, transaction });
        await checkSchema(client, manifest);
        if (manifest.tables.length > 0) {
          // Rows a migration itself wrote (its own record among them) give way to the backup's.
          await client.query(
            `truncate ${manifest.tables.map((table) => client.escapeIdentifier(table.name)).join(', ')}`,
          );
        }
        const summary = await loadEntries(client, entries, manifest, options.fileSets);
        for (const sequence of manifest.sequences) {
          if (sequence.lastValue !== null)
            await client.query(`select setval($1::regclass, $2::bigint, true)`, [
              client.escapeIdentifier(sequence.name),
              sequence.lastValue,
            ]);
        }
        const migrated = await orm.migrator.up({ transaction });
        // Derived tables, from the rows now in and at the schema's level.
        for (const rebuild of await derivedTableRebuilds(client)) await client.query(rebuild);
        const reported = options.afterRestore ? await options.afterRestore(client, manifest) : [];
        return {
          reported,
          manifest,
          summary,
          dropped: existing.length,
          migrated: migrated.map((migration) => migration.name),
          sameEncryptionKey: manifest.encryptionKeyCheck === new SecretBox(options.encryptionKey).fingerprint(),
        };
      });
    } catch (error) {
      if (error instanceof RestoreRefused) throw error;
      throw new Error(`The restore failed, and the database was left as it was: ${(error as Error).message}`, {
        cause: error,
      });
    } finally {
      await orm.close();
      await client.end().catch(() => {});
    }
  } finally {
    await entries.return(undefined);
  }
}

async function readManifest(entries: AsyncGenerator<BackupEntry>): Promise<BackupManifest> {
  let first;
  try {
    first = await entries.next();
  } catch (error) {
    throw new RestoreRefused(`This is not a backup file (${(error as Error).message}).`);
  }
  if (first.done || first.value.name !== MANIFEST_ENTRY)
    throw new RestoreRefused(`This is not a backup file: it does not start with ${MANIFEST_ENTRY}.`);
  const manifest = JSON.parse((await readAll(first.value.content)).toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefused('This is not a backup file of JOB CASTING.');
  if (manifest.version > BACKUP_FORMAT_VERSION)
    throw new RestoreRefused(
      `This backup is of format ${manifest.version}, newer than this release reads (${BACKUP_FORMAT_VERSION}).`,
    );
  return manifest;
}

/** The schema the migrations built must have every table, column and sequence the backup holds. */
async function checkSchema(client: pg.Client, manifest: BackupManifest): Promise<void> {
  const tables = new Map((await tablesInLoadOrder(client)).map((table) => [table.name, new Set(table.columns)]));
  const sequences = new Set((await sequenceValues(client)).map((sequence) => sequence.name));
  const lacking = (what: string) =>
    new RestoreRefused(
      `The migrations up to the backup's level do not make ${what}: the backup's schema was changed by hand.`,
    );
  for (const table of manifest.tables) {
    const columns = tables.get(table.name);
    if (!columns) throw lacking(`the table ${table.name}`);
    const missing = table.columns.filter((column) => !columns.has(column));
    if (missing.length > 0)
      throw lacking(`the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${table.name}`);
  }
  const missing = manifest.sequences.find((sequence) => !sequences.has(sequence.name));
  if (missing) throw lacking(`the sequence ${missing.name}`);
}

/** Loads the tables and files in the order the backup holds them; a backup that ends early fails the restore. */
async function loadEntries(
  client: pg.Client,
  entries: AsyncGenerator<BackupEntry>,
  manifest: BackupManifest,
  fileSets: readonly BackupFileSet[],
): Promise<BackupSummary> {
  const tables = new Map(manifest.tables.map((table) => [tableEntry(table.name), table]));
  const loaded: Record<string, number> = {};
  const filesPut: Record<string, number> = {};
  // The files the restored rows name, with their types: only those are put back.
  const named = new Map<string, Map<string, string>>();
  // The rows come back as they were: the tables' own triggers (a post's e-mail revision bumped by its sent e-mails) wait
  // until they are in. Inside the restore's transaction, so a failed restore leaves them as they were.
  const triggers = async (action: 'enable' | 'disable') => {
    for (const { name } of manifest.tables)
      await client.query(`alter table ${client.escapeIdentifier(name)} ${action} trigger user`);
  };
  await triggers('disable');
  const namedFiles = async (set: BackupFileSet) => {
    if (!named.has(set.name)) {
      const rows = manifest.tables.some((table) => table.name === set.table)
        ? (await client.query<{ key: string; mimeType: string }>(set.listSql)).rows
        : [];
      named.set(set.name, new Map(rows.map((row) => [row.key, row.mimeType])));
    }
    return named.get(set.name)!;
  };

  for await (const entry of entries) {
    const table = tables.get(entry.name);
    if (table) {
      const columns = table.columns.map((column) => client.escapeIdentifier(column)).join(', ');
      const copy = client.query(copyFrom(`copy ${client.escapeIdentifier(table.name)} (${columns}) from stdin`));
      await pipeline(entry.content, copy);
      loaded[table.name] = copy.rowCount;
      continue;
    }
    const set = fileSets.find((candidate) => entry.name.startsWith(fileEntry(candidate.name, '')));
    if (set) {
      const key = entry.name.slice(fileEntry(set.name, '').length);
      const mimeType = (await namedFiles(set)).get(key);
      if (mimeType) {
        await set.put(key, await readAll(entry.content), mimeType);
        filesPut[set.name] = (filesPut[set.name] ?? 0) + 1;
      }
      continue;
    }
    if (entry.name === SUMMARY_ENTRY) {
      const summary = JSON.parse((await readAll(entry.content)).toString('utf8')) as BackupSummary;
      for (const { name } of manifest.tables) {
        if ((loaded[name] ?? 0) !== summary.rows[name]) {
          throw new Error(
            `The backup's ${name} should have ${summary.rows[name]} rows, but ${loaded[name] ?? 0} were read.`,
          );
        }
      }
      for (const set of fileSets) {
        const expected = summary.files[set.name]?.count ?? 0;
        if ((filesPut[set.name] ?? 0) !== expected) {
          throw new Error(
            `The backup holds ${expected} files of ${set.name}, but ${filesPut[set.name] ?? 0} of them were put back.`,
          );
        }
      }
      await triggers('enable');
      return summary;
    }
  }
  throw new Error('the backup file ends before its summary: it is incomplete.');
}

/** A Kysely dialect whose every connection is this one client, so that the ORM's transaction is the client's. */
function oneConnectionDialect(client: pg.Client): PostgresDialect {
  const connection = { query: client.query.bind(client), release: () => {} };
  const pool = { connect: async () => connection, end: async () => {} } as unknown as PostgresPool;
  return new PostgresDialect({ pool });
}
