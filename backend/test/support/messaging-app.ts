import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { LightMyRequestResponse } from 'fastify';
import {
  type AligoSandbox,
  SANDBOX_API_KEY,
  SANDBOX_SENDER_KEY,
  SANDBOX_USER_ID,
  startAligoSandbox,
} from '../../../infra/sandbox/aligo/server.ts';
import { Clock } from '../../src/platform/clock.js';
import { WorkerModule } from '../../src/worker.module.js';
import { bearer, startTestApp, SUPERADMIN, type TestApp } from './test-app.js';

/** The sandbox account's registered sender number, as every messaging test registers it (the default number). */
export const SANDBOX_SENDER = { phone: '010-9876-5432', digits: '01098765432', name: '잡캐스팅' } as const;

const API = '/backend/api/v1';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface MessagingTestApp {
  sandbox: AligoSandbox;
  t: TestApp;
  /** The superadmin's access token. */
  token: string;
  /** The worker's modules while it runs, else null. */
  worker: () => INestApplicationContext | null;
  startWorker: () => Promise<void>;
  stopWorker: () => Promise<void>;
  /** An API call as the superadmin: `path` under /backend/api/v1. */
  call: (
    method: Method,
    path: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  /** The API's clock and, while it runs, the worker's: the hour rules are checked by both. */
  clocks: () => Clock[];
  /** Every clock back to the real time. */
  resetClocks: () => void;
  close: () => Promise<void>;
}

/**
 * The API (and its worker, unless `worker: false`) against a fresh Aligo sandbox, signed in as the superadmin with
 * the sandbox's sender number registered: where every messaging test starts. `config` is laid over the gateway's.
 */
export async function startMessagingApp(
  config: Record<string, string> = {},
  options: { worker?: boolean } = {},
): Promise<MessagingTestApp> {
  const sandbox = await startAligoSandbox({ port: 0 });
  const t = await startTestApp({
    ALIGO_API_URL: sandbox.url,
    ALIGO_KAKAO_API_URL: sandbox.url,
    ALIGO_USER_ID: SANDBOX_USER_ID,
    ALIGO_KAKAO_SENDER_KEY: SANDBOX_SENDER_KEY,
    ADVERTISING_OPT_OUT_NUMBER: '080-123-4567',
    ...config,
  });
  const token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
  let worker: INestApplicationContext | null = null;
  const call: MessagingTestApp['call'] = (method, path, payload, headers = {}) =>
    t.request({
      method,
      url: `${API}/${path}`,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const app: MessagingTestApp = {
    sandbox,
    t,
    token,
    worker: () => worker,
    startWorker: async () => {
      worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
        logger: false,
        abortOnError: false,
      });
      await worker.init();
    },
    stopWorker: async () => {
      await worker?.close();
      worker = null;
    },
    call,
    clocks: () => [t.app.get(Clock, { strict: false }), ...(worker ? [worker.get(Clock, { strict: false })] : [])],
    resetClocks: () => {
      for (const clock of app.clocks()) clock.now = Clock.prototype.now;
    },
    close: async () => {
      await app.stopWorker();
      await t.close();
      await sandbox.close();
    },
  };
  if (options.worker !== false) await app.startWorker();
  const registered = await call('POST', 'user-phone-numbers', {
    phone: SANDBOX_SENDER.phone,
    name: SANDBOX_SENDER.name,
    apiKey: SANDBOX_API_KEY,
  });
  if (registered.statusCode !== 201)
    throw new Error(`registering the sandbox sender failed: ${registered.statusCode} ${registered.body}`);
  return app;
}
