// npm run backup and npm run restore on the embedded default, whose PostgreSQL ships no pg_dump: a data folder
// backed up, lost, and brought back into a new one. Needs backend/dist (npm test builds).
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'jobcasting-backup-'));

/** Runs a root npm script as a newcomer would, with a data folder of its own and no servers of the test run. */
function npmRun(script: string, args: string[], dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run backup and npm run restore', () => {
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('back up the embedded database and bring it back into a new data folder', async () => {
    const lost = join(tmp, 'lost');
    const user = ['--email', 'kim@agency.kr', '--password', 'Kim-password-1', '--name', '김민준', '--username', 'kim'];
    const created = await npmRun('cli', ['user:create', ...user], lost);
    expect(created.output).toContain('Created admin kim@agency.kr');

    const backup = await npmRun('backup', [], lost);
    expect(backup.output).toMatch(
      /Backed up \d+ tables \(\d+ rows\) and 0 message pictures at migration Migration\d+_\w+ to .*backups\/jobcasting-\d{8}-\d{6}Z\.tar\.gz/,
    );
    expect(backup.code).toBe(0);
    const [file] = readdirSync(join(lost, 'backups'));

    // The backup and the secrets were kept somewhere else; the data folder is gone.
    const kept = join(tmp, 'kept.tar.gz');
    copyFileSync(join(lost, 'backups', file), kept);
    const fresh = join(tmp, 'fresh');
    mkdirSync(fresh);
    copyFileSync(join(lost, 'secrets.json'), join(fresh, 'secrets.json'));
    rmSync(lost, { recursive: true, force: true });

    const restored = await npmRun('restore', [kept], fresh);
    expect(restored.output).toMatch(/Restored the backup taken .*: \d+ tables \(\d+ rows\)/);
    expect(restored.output).not.toContain('ENCRYPTION_KEY');
    expect(restored.code).toBe(0);
    // The account is back: making it again is refused.
    const again = await npmRun('cli', ['user:create', ...user], fresh);
    expect(again.output).toContain('Email and username are already in use');
    expect(again.code).toBe(1);
  }, 180_000);
});
