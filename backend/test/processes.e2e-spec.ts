import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { clearRedisPrefix, createTestDatabase, startTestAppWith, testConfig } from './support/test-app.js';

const backend = fileURLToPath(new URL('..', import.meta.url));

/** Runs a built entry point (npm test builds first) and collects its exit code and output. */
function runBuilt(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`dist/${script}`, ...args], {
      cwd: backend,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ code, out }));
  });
}

const envOf = (config: ReturnType<typeof testConfig>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(config)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );

/** Each of these starts Node processes that load the whole back end; beside the type check on two cores one start took over 10 s. */
const PROCESS_STARTS_MS = 120_000;

describe('processes', () => {
  beforeAll(() => {
    if (!existsSync(`${backend}dist/main.js`)) throw new Error('backend/dist is missing: npm test builds it first');
  });

  it(
    'the API refuses to boot on bad configuration, naming the variable',
    async () => {
      const { code, out } = await runBuilt('main.js', [], {
        DATABASE_URL: 'postgres://x@localhost/db',
        REDIS_URL: 'redis://localhost',
        JWT_SECRET: 'short',
        ENCRYPTION_KEY: '',
      });
      expect(code).toBe(1);
      expect(out).toContain('JWT_SECRET must be at least 32 characters');
      expect(out).toContain('ENCRYPTION_KEY is required');
      expect(out).not.toMatch(/\n\s+at /);
    },
    PROCESS_STARTS_MS,
  );

  it(
    'first start without ADMIN_* creates admin@jobcasting.local with a random password kept in the data folder, once',
    async () => {
      const database = await createTestDatabase();
      const config = testConfig(database.url, {});
      delete (config as { ADMIN_EMAIL?: string }).ADMIN_EMAIL;
      delete (config as { ADMIN_PASSWORD?: string }).ADMIN_PASSWORD;
      try {
        const first = await startTestAppWith(config);
        const file = `${config.DATA_DIR}/superadmin-credentials.json`;
        const credentials = JSON.parse(readFileSync(file, 'utf8'));
        expect(credentials.email).toBe('admin@jobcasting.local');
        expect(credentials.password).toMatch(/^[A-Za-z0-9_-]{16,}$/);
        const login = await first.login(credentials.email, credentials.password);
        expect(login.user.role).toBe('superadmin');
        await first.app.close();

        // A second start reuses the data: same superadmin, same password, no new file contents.
        const second = await startTestAppWith(config);
        expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(credentials);
        await second.login(credentials.email, credentials.password);
        await second.app.close();
      } finally {
        await database.drop();
        await clearRedisPrefix(config);
      }
    },
    PROCESS_STARTS_MS,
  );

  it(
    'the CLI creates users from the shell',
    async () => {
      const database = await createTestDatabase();
      const config = testConfig(database.url);
      try {
        const created = await runBuilt(
          'cli.js',
          [
            'user:create',
            '--email',
            'Yoon@JobCasting.test',
            '--password',
            'Yoon-password-1',
            '--name',
            '윤서연',
            '--username',
            'yoon',
          ],
          envOf(config),
        );
        expect(created.out).toContain('Created admin yoon@jobcasting.test');
        expect(created.code).toBe(0);
        const refused = await runBuilt(
          'cli.js',
          ['user:create', '--email', 'bad', '--password', 'x', '--name', 'X', '--username', 'x'],
          // Bad input is refused before the CLI connects: this database does not exist.
          { ...envOf(config), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
        );
        expect(refused.code).toBe(1);
        expect(refused.out).toMatch(/^email: /m);
        expect(refused.out).not.toMatch(/ECONNREFUSED|connect/i);
        const unknown = await runBuilt('cli.js', ['user:create', '--nickname', 'x'], {
          ...envOf(config),
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        });
        expect(unknown.code).toBe(1);
        expect(unknown.out).toMatch(/nickname/);
        expect(unknown.out).not.toMatch(/\n\s+at /);

        const app = await startTestAppWith(config);
        const login = await app.login('yoon@jobcasting.test', 'Yoon-password-1');
        expect(login.user).toMatchObject({ name: '윤서연', role: 'admin' });
        await app.app.close();
      } finally {
        await database.drop();
        await clearRedisPrefix(config);
      }
    },
    PROCESS_STARTS_MS,
  );
});
