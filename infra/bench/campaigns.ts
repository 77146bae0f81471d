// The e-mail campaign part of the benchmark: campaigns of `emails` e-mails with 20 selected models each, sent by a
// worker without pacing, beside how fast the Gmail sandbox takes the same messages from one caller, one at a time
// (the worker sends one at a time per account), in the same run; and the worker's peak memory.
import { readFileSync } from 'node:fs';
import { MAX_CAMPAIGN_POSTS } from '@job-casting/rules';
import pg from 'pg';
import { BENCH_TEMPLATE, benchModels, sandboxAccessToken } from './email.ts';

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

interface Campaign {
  id: number;
  state: string;
  total: number;
  counts: Record<string, number>;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface CampaignSetup {
  postIds: string[];
  templateId: number;
}

/**
 * What staff do before such a campaign: 20 models, selected for each of `emails` posts that have a customer
 * address, a template presenting them, and the account's daily limit raised so that all of them go today.
 */
export async function prepareCampaign(
  base: string,
  auth: Record<string, string>,
  databaseUrl: string,
  accountId: number,
  emails: number,
): Promise<CampaignSetup> {
  const headers = { ...auth, 'content-type': 'application/json' };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let postIds: string[];
  try {
    const { rows } = await client.query<{ key: string }>(
      `select post_key as key from post where coalesce(customer_email, email) ~ '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' order by id limit $1`,
      [emails],
    );
    postIds = rows.map((row) => row.key);
  } finally {
    await client.end();
  }
  if (postIds.length < emails) throw new Error(`only ${postIds.length} posts have a customer address, not ${emails}`);

  // Model numbers of their own: the single-send part creates BENCH-001….
  const modelIds: number[] = [];
  for (const model of benchModels(20, 'CAMPAIGN')) {
    modelIds.push(
      (
        await json<{ id: number }>(
          await fetch(`${base}/models`, { method: 'POST', headers, body: JSON.stringify(model) }),
          'model',
        )
      ).id,
    );
  }
  const selection = JSON.stringify({ modelIds });
  let next = 0;
  const selector = async () => {
    while (next < postIds.length) {
      const postId = postIds[next++];
      await json(
        await fetch(`${base}/posts/${encodeURIComponent(postId)}/selected-models`, {
          method: 'PUT',
          headers,
          body: selection,
        }),
        'selection',
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, selector));

  const template = await json<{ id: number }>(
    await fetch(`${base}/email-templates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: '캠페인 벤치마크',
        subject: '[JOB CASTING] {{postId}} 프로필 {{modelCount}}명',
        template: BENCH_TEMPLATE,
      }),
    }),
    'template',
  );
  await json(
    await fetch(`${base}/google-auth/accounts/${accountId}/daily-limit`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ dailyLimit: 10_000 }),
    }),
    'daily limit',
  );
  return { postIds, templateId: template.id };
}

/** The peak resident memory of a process so far in MB (VmHWM); null where /proc has none. */
function peakResidentMb(pid: number): number | null {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

export interface CampaignFigures {
  emails: number;
  campaigns: number;
  /** The most e-mails one campaign takes. */
  campaignSize: number;
  counts: Record<string, number>;
  /** E-mails handed to Gmail a second while the campaigns were sending (from each one's start to its finish). */
  perSecond: number;
  /** From the first campaign's start to the last one's finish. */
  seconds: number;
  /** users.messages.send calls a second the sandbox takes from one caller sending the same messages in turn. */
  intakePerSecond: number;
  intakeSeconds: number;
  /** Average size of the messages (RFC 822 bytes). */
  messageBytes: number;
  workerPeakMb: number | null;
}

/**
 * Sends the prepared posts as campaigns of at most MAX_CAMPAIGN_POSTS (what one campaign takes), made in a row as
 * staff would and sent one after another (one sender per account) by the worker `workerPid`, started with
 * EMAIL_CAMPAIGN_GAP_MS=0; then the same messages, read back from the sandbox, straight to its
 * users.messages.send from one caller.
 */
export async function campaignFigures(options: {
  base: string;
  auth: Record<string, string>;
  sandboxUrl: string;
  databaseUrl: string;
  accountId: number;
  accountEmail: string;
  setup: CampaignSetup;
  workerPid: number;
}): Promise<CampaignFigures> {
  const { base, auth, sandboxUrl, accountId, accountEmail, setup, workerPid } = options;
  const headers = { ...auth, 'content-type': 'application/json' };
  await json(await fetch(`${sandboxUrl}/sandbox/gmail/messages`, { method: 'DELETE' }), 'clear the sandbox');

  const ids: number[] = [];
  for (let start = 0; start < setup.postIds.length; start += MAX_CAMPAIGN_POSTS) {
    const body = JSON.stringify({
      postIds: setup.postIds.slice(start, start + MAX_CAMPAIGN_POSTS),
      templateId: setup.templateId,
      accountId,
      overQuota: 'refuse',
    });
    const made = await json<Campaign>(
      await fetch(`${base}/email-campaigns`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `bench-campaign-${Date.now()}-${start}` },
        body,
      }),
      'campaign',
    );
    ids.push(made.id);
  }

  // Polled in the database, so that the API does no work the campaign does not ask for.
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ state: string }>(
        `select state from email_campaign where id = any($1::int[])`,
        [ids],
      );
      const stopped = rows.find((row) => row.state !== 'running' && row.state !== 'completed');
      if (stopped) throw new Error(`a campaign stopped ${stopped.state}`);
      if (rows.every((row) => row.state === 'completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
  const workerPeakMb = peakResidentMb(workerPid);

  const campaigns: Campaign[] = [];
  for (const id of ids)
    campaigns.push(await json<Campaign>(await fetch(`${base}/email-campaigns/${id}`, { headers: auth }), 'campaign'));
  const counts: Record<string, number> = {};
  for (const campaign of campaigns)
    for (const [state, count] of Object.entries(campaign.counts)) counts[state] = (counts[state] ?? 0) + count;
  const at = (iso: string | null) => Date.parse(iso ?? '');
  const sendingMs = campaigns.reduce((sum, campaign) => sum + at(campaign.finishedAt) - at(campaign.startedAt), 0);
  const seconds =
    (Math.max(...campaigns.map((c) => at(c.finishedAt))) - Math.min(...campaigns.map((c) => at(c.startedAt)))) / 1000;

  // The very messages the worker sent, as the sandbox took them, encoded beforehand.
  const sent = await json<{ id: string; account: string }[]>(
    await fetch(`${sandboxUrl}/sandbox/gmail/messages?account=${encodeURIComponent(accountEmail)}`),
    'sent mail',
  );
  if (sent.length !== setup.postIds.length)
    throw new Error(`the sandbox took ${sent.length} e-mails of ${setup.postIds.length}`);
  const bodies: string[] = [];
  let bytes = 0;
  for (const { id } of sent) {
    const raw = Buffer.from(await (await fetch(`${sandboxUrl}/sandbox/gmail/messages/${id}/raw`)).arrayBuffer());
    bytes += raw.length;
    bodies.push(JSON.stringify({ raw: raw.toString('base64url') }));
  }
  const accessToken = await sandboxAccessToken(base, auth, sandboxUrl, accountEmail);
  await json(await fetch(`${sandboxUrl}/sandbox/gmail/messages`, { method: 'DELETE' }), 'clear the sandbox');
  const sendHeaders = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  const started = performance.now();
  for (const body of bodies)
    await json(
      await fetch(`${sandboxUrl}/gmail/v1/users/me/messages/send`, { method: 'POST', headers: sendHeaders, body }),
      'direct send',
    );
  const intakeSeconds = (performance.now() - started) / 1000;

  return {
    emails: setup.postIds.length,
    campaigns: campaigns.length,
    campaignSize: MAX_CAMPAIGN_POSTS,
    counts,
    perSecond: (counts.sent ?? 0) / (sendingMs / 1000),
    seconds,
    intakePerSecond: bodies.length / intakeSeconds,
    intakeSeconds,
    messageBytes: bytes / bodies.length,
    workerPeakMb,
  };
}
