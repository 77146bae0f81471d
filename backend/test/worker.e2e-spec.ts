import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Queue, QueueEvents } from 'bullmq';
import { PURGE_SESSIONS_JOB } from '../src/modules/auth/jobs/session-cleanup.task.js';
import { PURGE_STALE_UPLOADS_JOB } from '../src/modules/contacts/jobs/stale-upload-cleanup.task.js';
import { RESUME_STRANDED_IMPORTS_JOB } from '../src/modules/contacts/jobs/stranded-import-resume.task.js';
import { SWEEP_CAMPAIGNS_JOB } from '../src/modules/email-campaigns/email-campaign.job.js';
import { GMAIL_WATCH_JOB } from '../src/modules/email-replies/jobs/gmail-watch.processor.js';
import { SWEEP_SENDS_JOB } from '../src/modules/messaging/message-send.job.js';
import { QueueName } from '../src/platform/queue/queue-names.js';
import { WorkerModule } from '../src/worker.module.js';
import { startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

describe('worker process', () => {
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  it('the API process only enqueues: no processor listens on its queues', async () => {
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Maintenance));
    await t.login(SUPERADMIN.email, SUPERADMIN.password);
    expect(await queue.getWorkers()).toHaveLength(0);
  });

  it('sweeps stranded sends and campaigns as maintenance tasks, and drops the old sweep schedule of the campaign queue', async () => {
    const campaignQueue = t.app.get<Queue>(getQueueToken(QueueName.EmailCampaign));
    await campaignQueue.upsertJobScheduler(SWEEP_CAMPAIGNS_JOB, { every: 60_000 }, { name: SWEEP_CAMPAIGNS_JOB });
    worker ??= await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: false,
      abortOnError: false,
    });
    await worker.init();
    expect(await campaignQueue.getJobSchedulers()).toEqual([]);
    const maintenance = t.app.get<Queue>(getQueueToken(QueueName.Maintenance));
    expect((await maintenance.getJobSchedulers()).map((s) => s.key)).toEqual(
      expect.arrayContaining([SWEEP_SENDS_JOB, SWEEP_CAMPAIGNS_JOB]),
    );
    const events = new QueueEvents(QueueName.Maintenance, {
      connection: { url: t.config.REDIS_URL },
      prefix: `${t.config.REDIS_KEY_PREFIX}:bull`,
    });
    await events.waitUntilReady();
    // No campaign waits for a job: nothing to mend.
    expect(await (await maintenance.add(SWEEP_CAMPAIGNS_JOB, {})).waitUntilFinished(events, 20_000)).toEqual({
      mended: 0,
    });
    await events.close();
  });

  it('schedules and runs the session clean-up: expired sessions go, live ones stay', async () => {
    const live = await t.login(SUPERADMIN.email, SUPERADMIN.password);
    const em = t.app.get(EntityManager).fork();
    const expiredId = randomUUID();
    await em.execute(
      `insert into auth_session (id, user_id, created_at, expires_at) values (?, ?, now() - interval '40 days', now() - interval '10 days')`,
      [expiredId, live.user.id],
    );

    worker ??= await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: false,
      abortOnError: false,
    });
    await worker.init();
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Maintenance));
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key)).toContain(PURGE_SESSIONS_JOB);

    const events = new QueueEvents(QueueName.Maintenance, {
      connection: { url: t.config.REDIS_URL },
      prefix: `${t.config.REDIS_KEY_PREFIX}:bull`,
    });
    await events.waitUntilReady();
    const job = await queue.add(PURGE_SESSIONS_JOB, {});
    const result = await job.waitUntilFinished(events, 20_000);
    await events.close();

    // The scheduler's first run may already have purged the row; either way a worker job did it.
    expect(typeof result.deleted).toBe('number');
    const remaining = (await em.execute<{ id: string }[]>(`select id from auth_session`)).map((r) => r.id);
    expect(remaining).not.toContain(expiredId);
    const claims = JSON.parse(Buffer.from(live.token.split('.')[1], 'base64url').toString());
    expect(remaining).toContain(claims.sid);
  });

  it('schedules the watch of replies and bounces every GMAIL_WATCH_INTERVAL_MS, on its own queue', async () => {
    worker ??= await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: false,
      abortOnError: false,
    });
    await worker.init();
    const queue = t.app.get<Queue>(getQueueToken(QueueName.MailWatch));
    const scheduler = (await queue.getJobSchedulers()).find((s) => s.key === GMAIL_WATCH_JOB);
    expect(Number(scheduler?.every)).toBe(t.config.GMAIL_WATCH_INTERVAL_MS);
    const events = new QueueEvents(QueueName.MailWatch, {
      connection: { url: t.config.REDIS_URL },
      prefix: `${t.config.REDIS_KEY_PREFIX}:bull`,
    });
    await events.waitUntilReady();
    // No account is connected: nothing to read, and nothing fails.
    const result = await (await queue.add(GMAIL_WATCH_JOB, {})).waitUntilFinished(events, 20_000);
    await events.close();
    expect(result).toEqual({ watched: 0, skipped: 0, failed: 0, replied: 0, bounced: 0 });
  });

  it('runs every maintenance task by its name: uploads never imported go after a day, with their files', async () => {
    const em = t.app.get(EntityManager).fork();
    const stale = randomUUID();
    const fresh = randomUUID();
    const started = randomUUID();
    const upload = (id: string, state: string, age: string) =>
      em.execute(
        `insert into contact_import (id, file_name, content, state, rejected, created_at) values (?, 'book.csv', '\\x6e616d65', ?, '[]', now() - ?::interval)`,
        [id, state, age],
      );
    await upload(stale, 'uploaded', '25 hours');
    await upload(fresh, 'uploaded', '23 hours');
    await upload(started, 'completed', '3 days');

    worker ??= await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: false,
      abortOnError: false,
    });
    await worker.init();
    const queue = t.app.get<Queue>(getQueueToken(QueueName.Maintenance));
    expect((await queue.getJobSchedulers()).map((s) => s.key)).toEqual(
      expect.arrayContaining([PURGE_SESSIONS_JOB, PURGE_STALE_UPLOADS_JOB, RESUME_STRANDED_IMPORTS_JOB]),
    );
    const events = new QueueEvents(QueueName.Maintenance, {
      connection: { url: t.config.REDIS_URL },
      prefix: `${t.config.REDIS_KEY_PREFIX}:bull`,
    });
    await events.waitUntilReady();
    await (await queue.add(PURGE_STALE_UPLOADS_JOB, {})).waitUntilFinished(events, 20_000);
    await events.close();
    const left = (await em.execute<{ id: string }[]>(`select id from contact_import`)).map((row) => row.id);
    expect(left).not.toContain(stale);
    expect(left).toEqual(expect.arrayContaining([fresh, started]));
  });
});
