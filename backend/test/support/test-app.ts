import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { Logger } from 'pino';
import { type AppConfig, loadConfig } from '../../src/platform/config/config.js';
import { createHttpApp, prepareDatabase } from '../../src/app-setup.js';
import { createLogger } from '../../src/platform/logging/logger.js';
import { deleteDeploymentKeys } from '../../src/platform/redis/deployment-keys.js';

export const SUPERADMIN = { email: 'owner@jobcasting.test', password: 'Owner-password-1' };

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the back-end tests through \`npm test\` at the repository root`);
  return value;
}

/** A fresh, empty database on the test server, dropped again by the returned function. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = requiredEnv('TEST_DATABASE_URL');
  const name = `jc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

/** Settings of an isolated test run: its own database, its own Redis key prefix, its own secrets. */
export function testConfig(databaseUrl: string, overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: requiredEnv('TEST_REDIS_URL'),
    REDIS_KEY_PREFIX: `t${randomBytes(5).toString('hex')}`,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: SUPERADMIN.email,
    ADMIN_PASSWORD: SUPERADMIN.password,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'jc-data-')),
    ...overrides,
  });
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Signs in and returns the session body (user, token, refreshToken). */
  login: (
    email: string,
    password: string,
  ) => Promise<{
    token: string;
    refreshToken: string;
    user: { id: number; role: string; name: string; email: string };
  }>;
  /** Creates a user through the API as the superadmin and returns its id. */
  createUser: (fields: { email: string; password: string; role?: string; username?: string }) => Promise<number>;
  close: () => Promise<void>;
}

/** An app on its own database and Redis prefix; `logger` receives its logs (none by default). */
export async function startTestApp(overrides: Record<string, string> = {}, logger?: Logger): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(database.url, overrides);
  const started = await startTestAppWith(config, logger);
  return {
    ...started,
    close: async () => {
      await started.app.close();
      await database.drop();
      await clearRedisPrefix(config);
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/** The app on a given configuration (its database must exist); close() only closes the app. */
export async function startTestAppWith(config: AppConfig, logger: Logger = createLogger('silent')): Promise<TestApp> {
  const app = await createHttpApp(config, logger);
  await prepareDatabase(app);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();

  const request = (options: InjectOptions) => app.inject(options);
  const login = async (email: string, password: string) => {
    const response = await request({ method: 'POST', url: '/backend/api/v1/auth/login', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  let superToken: string | undefined;
  const createUser: TestApp['createUser'] = async ({ email, password, role, username }) => {
    superToken ??= (await login(SUPERADMIN.email, SUPERADMIN.password)).token;
    const response = await request({
      method: 'POST',
      url: '/backend/api/v1/users',
      headers: { authorization: `Bearer ${superToken}` },
      payload: { name: email.split('@')[0], username: username ?? email.split('@')[0], email, password, role },
    });
    if (response.statusCode !== 201) throw new Error(`create ${email} failed: ${response.statusCode} ${response.body}`);
    return response.json().id;
  };
  return { app, config, request, login, createUser, close: () => app.close() };
}

export async function clearRedisPrefix(config: AppConfig): Promise<void> {
  const redis = new Redis(config.REDIS_URL);
  await deleteDeploymentKeys(redis, config.REDIS_KEY_PREFIX);
  await redis.quit();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Runs `check` until it passes or `withinMs` runs out (then its last failure is thrown): for what another process
 * learns over Redis pub/sub, a few milliseconds after the write.
 */
export async function eventually(check: () => Promise<void>, withinMs = 2000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
