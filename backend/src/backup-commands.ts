// The CLI's backup and restore commands (npm run backup, npm run restore, the compose file's nightly backup).
import { readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { fromKoreanDateTime, koreanDate } from '@job-casting/rules';
import { messagePicturesForBackup } from './modules/messaging/message-files.service.js';
import { pauseCampaignsThatMayHaveGone } from './modules/email-campaigns/email-campaigns.service.js';
import { holdSendsThatMayHaveGone } from './modules/messaging/message-sends.service.js';
import { backupFileName, backupsBeyond, namesBackupFile } from './platform/backup/backup-files.js';
import { entities } from './entities.js';
import { restoreBackup, RestoreRefused } from './platform/backup/restore-backup.js';
import { type BackupFileSet, type BackupResult, takeBackup } from './platform/backup/take-backup.js';
import type { AppConfig } from './platform/config/config.js';
import { connectedProcesses, deleteDeploymentKeys } from './platform/redis/deployment-keys.js';

export const BACKUP_USAGE = `  npm run backup [-- --to <folder or file.tar.gz>] [--keep <n>] [--daily-at <HH:MM>]
      Writes the database and the message pictures to one file, by default in DATA_DIR/backups; --keep removes
      all but the newest n backups of the folder; --daily-at keeps running and backs up every day at that Korean time.
  npm run restore -- <file.tar.gz> [--replace]
      Brings a backup back into an empty database (--replace drops what it holds first), then applies the
      migrations since the backup. Stop the API and the worker first.`;

const fileSetsOf = (config: AppConfig): BackupFileSet[] => [messagePicturesForBackup(config)];

const count = (n: number) => n.toLocaleString('en-US');
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function backupCommand(
  args: string[],
  config: AppConfig,
  log: (line: string) => void = console.log,
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { to: { type: 'string' }, keep: { type: 'string' }, 'daily-at': { type: 'string' } },
  });
  const to = resolve(values.to ?? join(config.DATA_DIR, 'backups'));
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1))
    throw new Error('--keep takes a whole number of backups, 1 or more.');
  if (namesBackupFile(to) && (keep !== undefined || values['daily-at']))
    throw new Error('--keep and --daily-at take a folder for --to, not a file.');
  const dailyAt = values['daily-at'];
  if (dailyAt !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(dailyAt))
    throw new Error('--daily-at takes a Korean time as HH:MM, e.g. 03:00.');

  const once = async (): Promise<number> => {
    const path = namesBackupFile(to) ? to : join(to, backupFileName(new Date()));
    const result = await takeBackup({
      databaseUrl: config.DATABASE_URL,
      path,
      fileSets: fileSetsOf(config),
      encryptionKey: config.ENCRYPTION_KEY,
    });
    log(describeBackup(result));
    if (keep !== undefined) {
      for (const old of backupsBeyond(await readdir(to), keep)) {
        await rm(join(to, old));
        log(`Removed the older backup ${old} (keeping ${keep}).`);
      }
    }
    const missing = Object.entries(result.summary.files).flatMap(([set, files]) =>
      files.missing.map((key) => `${set}/${key}`),
    );
    if (missing.length === 0) return 0;
    log(
      `Warning: ${missing.length} stored file${missing.length > 1 ? 's' : ''} the database names could not be found, and are not in the backup: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`,
    );
    return 1;
  };
  if (dailyAt === undefined) return once();

  log(`Backing up to ${to} every day at ${dailyAt} Korean time${keep ? `, keeping the newest ${keep}` : ''}.`);
  for (;;) {
    const next = nextKoreanTime(new Date(), dailyAt);
    await new Promise((done) => setTimeout(done, next.getTime() - Date.now()));
    try {
      await once();
    } catch (error) {
      log(`The backup failed: ${(error as Error).message}`);
    }
  }
}

/** The next moment the Korean clock shows HH:MM, after `now`. */
export function nextKoreanTime(now: Date, hhmm: string): Date {
  const today = fromKoreanDateTime(`${koreanDate(now)} ${hhmm}`)!;
  return today > now ? today : new Date(today.getTime() + 24 * 3600_000);
}

function describeBackup({ path, bytes, manifest, summary }: BackupResult): string {
  const rows = Object.values(summary.rows).reduce((sum, n) => sum + n, 0);
  const pictures = summary.files['message-files']?.count ?? 0;
  return [
    `Backed up ${manifest.tables.length} tables (${count(rows)} rows) and ${count(pictures)} message pictures`,
    `at migration ${manifest.migrations.at(-1) ?? '(none)'} to ${path} (${size(bytes)}).`,
  ].join(' ');
}

export async function restoreCommand(
  args: string[],
  config: AppConfig,
  log: (line: string) => void = console.log,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { replace: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new Error(`Name one backup file to restore.\n${BACKUP_USAGE}`);
  const path = resolve(positionals[0]);

  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect().catch((error: Error) => {
      throw new RestoreRefused(
        `Redis at REDIS_URL does not answer (${error.message}): a restore clears the jobs of the data it replaces there.`,
      );
    });
    // A running API or worker would keep working from what it holds of the data being replaced.
    const running = await connectedProcesses(redis, config.REDIS_KEY_PREFIX);
    if (running > 0)
      throw new RestoreRefused(
        `The API or the worker is running (${running} process${running > 1 ? 'es' : ''} connected): stop them before restoring.`,
      );

    const result = await restoreBackup({
      databaseUrl: config.DATABASE_URL,
      entities,
      path,
      replace: values.replace,
      fileSets: fileSetsOf(config),
      encryptionKey: config.ENCRYPTION_KEY,
      afterRestore: async (client, manifest) => {
        const held = await holdSendsThatMayHaveGone(client, manifest.createdAt);
        const paused = await pauseCampaignsThatMayHaveGone(client, manifest.createdAt);
        return [
          ...(held > 0
            ? [
                `Stopped ${count(held)} send${held > 1 ? 's' : ''} that may have gone out after the backup was taken (see their results): nothing is sent twice.`,
              ]
            : []),
          ...(paused > 0
            ? [
                `Paused ${count(paused)} e-mail campaign${paused > 1 ? 's' : ''} that may have sent e-mails after the backup was taken: check them before resuming.`,
              ]
            : []),
        ];
      },
    });
    const { manifest, summary } = result;
    const rows = Object.values(summary.rows).reduce((sum, n) => sum + n, 0);
    if (result.dropped > 0) log(`Dropped the ${count(result.dropped)} tables and other objects the database held.`);
    log(
      `Restored the backup taken ${manifest.createdAt}: ${manifest.tables.length} tables (${count(rows)} rows) and ${count(summary.files['message-files']?.count ?? 0)} message pictures, at migration ${manifest.migrations.at(-1) ?? '(none)'}.`,
    );
    if (result.migrated.length > 0)
      log(`Applied the ${result.migrated.length} migrations since: ${result.migrated.join(', ')}.`);
    for (const line of result.reported) log(line);
    // Jobs, cached totals and version counters belonged to the data replaced; the worker gives open sends their jobs again.
    const cleared = await deleteDeploymentKeys(redis, config.REDIS_KEY_PREFIX);
    if (cleared > 0)
      log(`Cleared ${count(cleared)} Redis keys of the data replaced (queued jobs, cached totals, rate limits).`);
    if (!result.sameEncryptionKey) {
      log(
        "Warning: the backup was taken under another ENCRYPTION_KEY. Start the app with the key of the installation it came from, or the connected Gmail accounts and the sender numbers' gateway keys will not open.",
      );
    }
    return 0;
  } finally {
    redis.disconnect();
  }
}
