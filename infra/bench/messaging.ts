// The messaging part of the benchmark, for sends of many personalised texts through the API, the worker and the
// Aligo sandbox (run as a process of its own): how long the API takes to accept a send, how fast the worker hands
// the messages to the gateway beside how fast the gateway takes them from one caller, how late scheduled sends go
// out, and how many look-ups of the gateway's records it takes until every message of a send is final.
import pg from 'pg';
import { SANDBOX_API_KEY, SANDBOX_SENDERS, SANDBOX_USER_ID } from '../sandbox/aligo/server.ts';
import { percentile } from './percentiles.ts';

const SENDER = SANDBOX_SENDERS[1];
/** What send_mass takes per call. */
const MASS_CALL = 500;

interface SandboxStats {
  messagesAccepted: number;
  /** Messages a second from the first message the sandbox took to the last, by its own clock. */
  messagesPerSecond: number | null;
}
interface SandboxMessage {
  receiver: string;
  acceptedAt: string;
  /** When its delivery report comes or came. */
  reportAt: string | null;
}

/** Registers the sandbox's sender number for the signed-in staff member. */
export async function registerSandboxSender(base: string, auth: Record<string, string>): Promise<void> {
  const response = await fetch(`${base}/user-phone-numbers`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ phone: SENDER, name: '벤치마크', apiKey: SANDBOX_API_KEY }),
  });
  if (response.status !== 201) throw new Error(`sender number: ${response.status} ${await response.text()}`);
}

const phoneOf = (n: number) => `010${String(20_000_000 + n).slice(-8)}`;
const textOf = (n: number) => `안녕하세요 배우 ${n}님, 내일 오후 2시 강남 스튜디오 오디션입니다. 회신 부탁드립니다.`;

function sendBody(recipients: number, from: number, scheduledAt?: Date): string {
  return JSON.stringify({
    sender: SENDER,
    ...(scheduledAt ? { scheduledAt: scheduledAt.toISOString() } : {}),
    recipients: Array.from({ length: recipients }, (_, i) => ({
      phone: phoneOf(from + i),
      name: `배우 ${from + i}`,
      text: textOf(from + i),
    })),
  });
}

async function postSend(base: string, auth: Record<string, string>, body: string): Promise<number> {
  const response = await fetch(`${base}/message-sends`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body,
  });
  if (response.status !== 202) throw new Error(`send: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return ((await response.json()) as { id: number }).id;
}

async function settled(base: string, auth: Record<string, string>, id: number): Promise<void> {
  for (;;) {
    const send = (await (await fetch(`${base}/message-sends/${id}`, { headers: auth })).json()) as {
      state: string;
      counts: { sent: number };
    };
    if (send.state === 'completed') return;
    if (send.state === 'failed' || send.state === 'cancelled') throw new Error(`send ${id} ended ${send.state}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Milliseconds to accept a send of `recipients` personalised texts, one send at a time, each sent before the next. */
export async function acceptTimes(base: string, auth: Record<string, string>, recipients: number, runs: number) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const body = sendBody(recipients, run * recipients);
    const started = performance.now();
    const id = await postSend(base, auth, body);
    times.push(performance.now() - started);
    await settled(base, auth, id);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
}

/**
 * Milliseconds to review a send of `recipients` personalised texts (POST message-sends/preview: the final texts,
 * types, exclusions, cost and the gateway's remaining counts; nothing recorded), one after another; a hundredth
 * of the numbers are opted out first, so that the register has something to leave out. With the answer's size.
 */
export async function previewTimes(base: string, auth: Record<string, string>, recipients: number, runs: number) {
  const from = 300_000;
  const optedOut = Array.from({ length: Math.max(1, Math.floor(recipients / 100)) }, (_, i) =>
    phoneOf(from + i * 100),
  ).join('\n');
  const recorded = await fetch(`${base}/opt-outs/bulk`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ text: optedOut, channel: 'sms', source: '080' }),
  });
  if (recorded.status !== 200) throw new Error(`opt-outs: ${recorded.status} ${await recorded.text()}`);
  const body = sendBody(recipients, from);
  const times: number[] = [];
  let bytes = 0;
  let left = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const response = await fetch(`${base}/message-sends/preview`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body,
    });
    const answer = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`preview: ${response.status} ${answer.slice(0, 300)}`);
    bytes = Buffer.byteLength(answer);
    left = (JSON.parse(answer) as { excluded: unknown[] }).excluded.length;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), bytes, excluded: left };
}

/**
 * Messages a second into the sandbox while the worker sends one send of `recipients` texts, as the sandbox counts
 * them (first message taken to last); and the whole send's time, from its acceptance to its last delivery settled.
 */
export async function dispatchRate(
  base: string,
  auth: Record<string, string>,
  sandboxUrl: string,
  recipients: number,
  round = 0,
) {
  await clearSandbox(sandboxUrl);
  const id = await postSend(base, auth, sendBody(recipients, 500_000 + round * recipients));
  const started = performance.now();
  await settled(base, auth, id);
  const seconds = (performance.now() - started) / 1000;
  const stats = await sandboxStats(sandboxUrl);
  if (stats.messagesAccepted !== recipients)
    throw new Error(`the gateway took ${stats.messagesAccepted} messages of ${recipients}`);
  return { perSecond: stats.messagesPerSecond ?? 0, seconds };
}

/**
 * Messages a second the sandbox takes (by its own count, as for the dispatch) from `callers` callers posting
 * send_mass calls of 500 side by side, as many as the worker keeps in flight: as fast as the gateway takes them in.
 */
export async function sandboxIntakeRate(sandboxUrl: string, recipients: number, callers: number) {
  // Encoded beforehand, so that the callers spend as little as they can and the sandbox's intake is what counts.
  const calls: string[] = [];
  for (let start = 0; start < recipients; start += MASS_CALL) {
    const form = new URLSearchParams({
      key: SANDBOX_API_KEY,
      user_id: SANDBOX_USER_ID,
      sender: SENDER,
      msg_type: 'LMS',
    });
    const count = Math.min(MASS_CALL, recipients - start);
    for (let i = 0; i < count; i++) {
      form.set(`rec_${i + 1}`, phoneOf(900_000 + start + i));
      form.set(`msg_${i + 1}`, textOf(900_000 + start + i));
    }
    form.set('cnt', String(count));
    calls.push(form.toString());
  }
  await clearSandbox(sandboxUrl);
  let next = 0;
  const caller = async () => {
    while (next < calls.length) {
      const form = calls[next++];
      const answer = (await (
        await fetch(`${sandboxUrl}/send_mass/`, {
          method: 'POST',
          body: form,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).json()) as { result_code: string; message: string };
      if (answer.result_code !== '1') throw new Error(`sandbox send_mass: ${answer.result_code} ${answer.message}`);
    }
  };
  await Promise.all(Array.from({ length: callers }, caller));
  return (await sandboxStats(sandboxUrl)).messagesPerSecond ?? 0;
}

/** How late scheduled sends reach the gateway: `sends` of 10 recipients each, due a few seconds apart. */
export async function scheduledLateness(base: string, auth: Record<string, string>, sandboxUrl: string, sends: number) {
  const due: { at: Date; receivers: Set<string> }[] = [];
  const firstDue = Date.now() + 3000;
  for (let i = 0; i < sends; i++) {
    const at = new Date(firstDue + i * 250);
    const from = 700_000 + i * 10;
    await postSend(base, auth, sendBody(10, from, at));
    due.push({ at, receivers: new Set(Array.from({ length: 10 }, (_, k) => phoneOf(from + k))) });
  }
  const last = due[due.length - 1].at.getTime();
  while (Date.now() < last + 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const messages = await sandboxMessages(sandboxUrl);
    const got = new Set(messages.map((m) => m.receiver));
    if (due.every((send) => [...send.receivers].every((receiver) => got.has(receiver)))) break;
  }
  const messages = await sandboxMessages(sandboxUrl);
  const lateness = due.map((send) => {
    const accepted = messages
      .filter((m) => send.receivers.has(m.receiver))
      .map((m) => new Date(m.acceptedAt).getTime());
    if (accepted.length < send.receivers.size) throw new Error('a scheduled send never reached the gateway');
    return Math.max(...accepted) - send.at.getTime();
  });
  return { p50: percentile(lateness, 50), p95: percentile(lateness, 95), max: Math.max(...lateness) };
}

/** Forgets what the sandbox took and zeroes its counters. */
async function clearSandbox(sandboxUrl: string): Promise<void> {
  await fetch(`${sandboxUrl}/sandbox/messages`, { method: 'DELETE' });
}

async function sandboxStats(sandboxUrl: string): Promise<SandboxStats> {
  return (await (await fetch(`${sandboxUrl}/sandbox/stats`)).json()) as SandboxStats;
}

async function sandboxMessages(sandboxUrl: string, query = '&limit=1000000'): Promise<SandboxMessage[]> {
  const body = (await (await fetch(`${sandboxUrl}/sandbox/messages?sender=${SENDER}${query}`)).json()) as
    SandboxMessage[] | { messages: SandboxMessage[] };
  return Array.isArray(body) ? body : body.messages;
}

/**
 * The truth after a send of `recipients` texts: the sandbox reports each message `reportDelayMs` to
 * `reportDelayMs + jitterMs` after taking it (a share failing), and the worker reads the records on its schedule
 * (the benchmark's worker runs it shortened). Counts the look-ups the worker made (jobs, and sms_list pages read)
 * and how long after acceptance every message was final, beside when the sandbox had its last report and how
 * long it takes to answer one sms_list of a call.
 */
export async function deliveryReportFigures(
  base: string,
  auth: Record<string, string>,
  sandboxUrl: string,
  databaseUrl: string,
  options: { recipients: number; reportDelayMs: number; jitterMs: number; failureRate: number },
) {
  await clearSandbox(sandboxUrl);
  await putDelivery(sandboxUrl, {
    failureRate: options.failureRate,
    delayMs: options.reportDelayMs,
    jitterMs: options.jitterMs,
    seed: 42,
  });
  try {
    const id = await postSend(base, auth, sendBody(options.recipients, 2_000_000));
    const started = performance.now();
    await settled(base, auth, id);
    const dispatched = (performance.now() - started) / 1000;
    let send: { outcome: string; outcomeCounts: { delivered: number; failed: number; unknown: number } };
    for (;;) {
      send = (await (await fetch(`${base}/message-sends/${id}`, { headers: auth })).json()) as typeof send;
      if (send.outcome !== 'pending') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const final = (performance.now() - started) / 1000;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let calls: { mid: string; lookups: number; size: number; acceptedAt: Date; finalAt: Date }[];
    try {
      calls = (
        await client.query<{ mid: string; lookups: number; size: number; acceptedAt: Date; finalAt: Date }>(
          `select "mid", "lookups", "size", "answered_at" as "acceptedAt", "reports_final_at" as "finalAt" from "gateway_call" where "send_id" = $1 order by "id"`,
          [id],
        )
      ).rows;
    } finally {
      await client.end();
    }
    const lookups = calls.reduce((sum, call) => sum + call.lookups, 0);
    const pages = calls.reduce((sum, call) => sum + call.lookups * Math.max(1, Math.ceil(call.size / MASS_CALL)), 0);
    const firstAccepted = Math.min(...calls.map((call) => new Date(call.acceptedAt).getTime()));
    const lastFinal = Math.max(...calls.map((call) => new Date(call.finalAt).getTime()));
    // The gateway's side: when it had the last report, and how long one sms_list of a call of 500 takes it.
    const messages = await sandboxMessages(sandboxUrl, `&limit=${options.recipients}`);
    const lastReport = Math.max(...messages.map((m) => new Date(m.reportAt ?? m.acceptedAt).getTime()));
    const firstTaken = Math.min(...messages.map((m) => new Date(m.acceptedAt).getTime()));
    const answers: number[] = [];
    for (const call of calls) {
      const form = new URLSearchParams({
        key: SANDBOX_API_KEY,
        user_id: SANDBOX_USER_ID,
        mid: call.mid,
        page: '1',
        page_size: String(MASS_CALL),
      });
      const asked = performance.now();
      await (
        await fetch(`${sandboxUrl}/sms_list/`, {
          method: 'POST',
          body: form,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).json();
      answers.push(performance.now() - asked);
    }
    return {
      calls: calls.length,
      lookups,
      pages,
      dispatchedSeconds: dispatched,
      finalSeconds: final,
      finalAfterAcceptanceSeconds: (lastFinal - firstAccepted) / 1000,
      gatewayLastReportSeconds: (lastReport - firstTaken) / 1000,
      smsListP50Ms: percentile(answers, 50),
      outcome: send.outcome,
      counts: send.outcomeCounts,
    };
  } finally {
    await putDelivery(sandboxUrl, { failureRate: 0, delayMs: 0, jitterMs: 0 });
  }
}

async function putDelivery(sandboxUrl: string, model: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sandboxUrl}/sandbox/delivery`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(model),
  });
  if (!response.ok) throw new Error(`sandbox delivery model: ${response.status} ${await response.text()}`);
}
