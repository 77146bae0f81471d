// docker-compose.yml cannot be run on a machine without a Docker engine; this keeps it consistent with the
// code instead: the services and their health checks, the secrets it demands, and an environment the back
// end's own configuration check accepts.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadConfig } from '../../backend/src/platform/config/config.js';
import { apiArgs, workerArgs } from '../scripts/lib/app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const compose = parse(readFileSync(`${root}docker-compose.yml`, 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      build?: { dockerfile: string } | string;
      command?: string[];
      environment?: Record<string, string>;
      healthcheck?: { test?: string[]; disable?: boolean };
      ports?: string[];
      volumes?: string[];
    }
  >;
  volumes: Record<string, unknown>;
};

/** Docker Compose's interpolation: ${NAME}, ${NAME:-default} and ${NAME:?error}. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z][A-Z0-9_]*)(?::([-?])([^}]*))?\}/g,
    (_, name: string, kind?: string, rest?: string) => {
      if (env[name]) return env[name];
      if (kind === '?') throw new Error(`${name}: ${rest}`);
      return kind === '-' ? (rest ?? '') : '';
    },
  );
}

const secrets = {
  POSTGRES_PASSWORD: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  JWT_SECRET: 'x'.repeat(64),
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('docker-compose.yml', () => {
  const { services } = compose;

  it('runs postgres, redis (append-only), api, worker, the nightly backup and web, with health checks', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'backup', 'postgres', 'redis', 'web', 'worker']);
    expect(services.redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    for (const name of ['postgres', 'redis', 'api'])
      expect(services[name].healthcheck?.test?.length).toBeGreaterThan(0);
    expect(services.api.command).toEqual(['node', ...apiArgs]);
    // The image's own command, for a container started without compose's.
    const command = /^CMD (\[.*\])$/m.exec(readFileSync(`${root}infra/docker/backend.Dockerfile`, 'utf8'));
    expect(JSON.parse(command![1])).toEqual(['node', ...apiArgs]);
    expect(services.worker.command).toEqual(['node', ...workerArgs]);
    expect(existsSync(`${root}backend/src/main.ts`) && existsSync(`${root}backend/src/worker.ts`)).toBe(true);
  });

  it('builds from the Dockerfiles in infra/', () => {
    for (const name of ['api', 'worker', 'backup', 'web']) {
      const build = services[name].build;
      const dockerfile = typeof build === 'object' ? build.dockerfile : undefined;
      expect(dockerfile).toMatch(/^infra\/docker\//);
      expect(existsSync(`${root}${dockerfile}`)).toBe(true);
    }
    expect(readFileSync(`${root}infra/docker/web.Dockerfile`, 'utf8')).toContain('infra/docker/nginx.conf');
  });

  it('builds the rules package into both images, before the back end that imports its build', () => {
    const backend = readFileSync(`${root}infra/docker/backend.Dockerfile`, 'utf8');
    const web = readFileSync(`${root}infra/docker/web.Dockerfile`, 'utf8');
    for (const dockerfile of [backend, web]) expect(dockerfile).toMatch(/^COPY rules rules$/m);
    expect(backend.indexOf('npm run build -w rules')).toBeGreaterThan(-1);
    expect(backend.indexOf('npm run build -w rules')).toBeLessThan(backend.indexOf('-w backend'));
    expect(backend).toMatch(/^COPY --from=build \/app\/rules rules$/m);
  });

  it('refuses to start without each secret', () => {
    const text = JSON.stringify(services.api.environment) + JSON.stringify(services.postgres.environment);
    for (const name of Object.keys(secrets)) {
      const without = Object.fromEntries(Object.entries(secrets).filter(([key]) => key !== name));
      expect(() => interpolate(text, without)).toThrow(name);
    }
  });

  it('gives the API, the worker and the backup an environment the back end accepts, on the port nginx proxies to', () => {
    for (const name of ['api', 'worker', 'backup']) {
      const env = Object.fromEntries(
        Object.entries(services[name].environment ?? {}).map(([key, value]) => [
          key,
          interpolate(String(value), secrets),
        ]),
      );
      const config = loadConfig(env);
      expect(config.DATABASE_URL).toContain('@postgres:5432/');
      expect(config.REDIS_URL).toBe('redis://redis:6379');
      expect(config.TRUST_PROXY_HOPS).toBe(1);
      const nginx = readFileSync(`${root}infra/docker/nginx.conf`, 'utf8');
      expect(nginx).toContain(`server api:${config.PORT};`);
      expect(nginx).toMatch(/upstream backend_api \{[^}]*keepalive \d+;/);
      expect(nginx).toContain('proxy_pass http://backend_api;');
    }
  });

  it('backs up every night into a volume of its own (or BACKUP_DIR), keeping the newest BACKUP_KEEP', () => {
    const backup = services.backup;
    const command = (backup.command ?? []).map((part) => interpolate(part, secrets));
    expect(command).toEqual([
      'node',
      'backend/dist/cli.js',
      'backup',
      '--to',
      '/backups',
      '--keep',
      '14',
      '--daily-at',
      '03:00',
    ]);
    expect(
      (backup.command ?? []).map((part) => interpolate(part, { ...secrets, BACKUP_KEEP: '30', BACKUP_TIME: '04:30' })),
    ).toEqual(expect.arrayContaining(['30', '04:30']));
    // The pictures come from the API's data folder; the backups go where the image lets its user write.
    expect(backup.volumes).toEqual(expect.arrayContaining(['api-data:/data']));
    expect((backup.volumes ?? []).map((volume) => interpolate(volume, secrets))).toContain('backups:/backups');
    expect(
      (backup.volumes ?? []).map((volume) => interpolate(volume, { ...secrets, BACKUP_DIR: '/mnt/nas/jobcasting' })),
    ).toContain('/mnt/nas/jobcasting:/backups');
    expect(Object.keys(compose.volumes)).toContain('backups');
    expect(readFileSync(`${root}infra/docker/backend.Dockerfile`, 'utf8')).toMatch(
      /mkdir -p \/data \/backups && chown node:node \/data \/backups/,
    );
    expect(backup.healthcheck?.disable).toBe(true);
  });
});
