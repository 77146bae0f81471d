// The e-mail side of the benchmark: how fast one renderer and MailComposer make a message with 20 models, and what
// a send through the API adds to the Gmail sandbox's own answer time.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../scripts/lib/app.ts';
import { median, percentile } from './percentiles.ts';

interface RenderModule {
  renderEmail: (template: string, context: unknown) => { html: string; text: string };
  renderSubject: (subject: string, context: unknown) => string;
}
interface MimeModule {
  buildMimeMessage: (email: {
    from: { name: string; address: string };
    to: string;
    subject: string;
    body: { html: string; text: string };
  }) => Promise<Buffer>;
}

/** The template staff typically send: a greeting, the post, every model as a block, the agency's signature. */
export const BENCH_TEMPLATE = [
  '안녕하세요 {{manager}}님,',
  '',
  '{{postId}} 공고에 맞는 모델 {{modelCount}}명의 프로필을 보내드립니다: {{allModelNames}} ({{allModelNationalities}}).',
  '',
  '{{modelList}}',
  '',
  '<b>JOB CASTING</b> · {{email}} · {{phoneCall}}',
].join('\n');

/** `count` models; `prefix` starts their comcard numbers, which are unique. */
export function benchModels(count: number, prefix = 'BENCH') {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(3, '0');
    return {
      comcardNo: `${prefix}-${n}`,
      nameEng: `Model ${n}`,
      nameKor: `모델 ${n}`,
      national: ['USA', 'France', 'Russia', 'Brazil'][index % 4],
      stage: ['Actor', 'Model', 'Dancer'][index % 3],
      image: `https://img.example/models/${n}.jpg`,
      additionalPic: `https://img.example/models/${n}-more.jpg`,
      download: `https://drive.google.com/uc?export=download&id=bench-comcard-${n}`,
      comcardPhotoURL: `https://img.example/models/${n}-card.jpg`,
      htmlUrl: `https://drive.google.com/open?id=bench-profile-${n}`,
    };
  });
}

/** Messages per second rendered and built as MIME (the built back end's own code), for `seconds`. */
export async function renderAndBuildRate(
  seconds: number,
  modelCount = 20,
): Promise<{ perSecond: number; bytes: number }> {
  const dist = (file: string) => pathToFileURL(join(root, 'backend/dist/modules/email-templates', file)).href;
  const { renderEmail, renderSubject } = (await import(dist('domain/render-email.js'))) as RenderModule;
  const { buildMimeMessage } = (await import(dist('mime-message.js'))) as MimeModule;
  const context = {
    post: { postId: 'BENCH-POST', manager: '김실장', phoneCall: '010-1234-5678', customerEmail: 'cast@studio.example' },
    senderEmail: 'agency@gmail.com',
    models: benchModels(modelCount),
  };
  const once = async () => {
    const body = renderEmail(BENCH_TEMPLATE, context);
    const subject = renderSubject('[JOB CASTING] {{postId}} 프로필 {{modelCount}}명', context);
    return buildMimeMessage({
      from: { name: '잡캐스팅', address: 'agency@gmail.com' },
      to: 'cast@studio.example',
      subject,
      body,
    });
  };
  const bytes = (await once()).length;
  for (let i = 0; i < 50; i++) await once();
  let count = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  while (performance.now() < deadline) {
    await once();
    count++;
  }
  return { perSecond: count / ((performance.now() - started) / 1000), bytes };
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An access token of a sandbox account, by the OAuth flow our connect starts, exchanged by the bench itself. */
export async function sandboxAccessToken(
  base: string,
  auth: Record<string, string>,
  sandboxUrl: string,
  email: string,
): Promise<string> {
  const { authUrl } = await json<{ authUrl: string }>(
    await fetch(`${base}/google-auth/connect`, { method: 'POST', headers: auth }),
    'connect',
  );
  const consent = await json<{ accounts: { email: string; approveUrl: string }[] }>(
    await fetch(authUrl, { headers: { accept: 'application/json' } }),
    'consent',
  );
  const approve = consent.accounts.find((account) => account.email === email);
  if (!approve) throw new Error(`The sandbox has no account ${email}`);
  const callback = new URL(String((await fetch(approve.approveUrl, { redirect: 'manual' })).headers.get('location')));
  const params = new URL(authUrl).searchParams;
  const token = await json<{ access_token: string }>(
    await fetch(`${sandboxUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code') ?? '',
        redirect_uri: params.get('redirect_uri') ?? '',
        client_id: params.get('client_id') ?? '',
        client_secret: 'sandbox-client-secret',
      }),
    }),
    'token',
  );
  return token.access_token;
}

export interface SendLatency {
  sends: number;
  apiP50: number;
  apiP95: number;
  sandboxP50: number;
  sandboxP95: number;
}

/**
 * One send at a time, `sends` times: POST email-templates/send with 20 selected models, then the same MIME message
 * straight to the sandbox's Gmail endpoint. The difference is what the API adds (render, MIME, the send log).
 */
export async function sendLatency(options: {
  base: string;
  auth: Record<string, string>;
  sandboxUrl: string;
  accountId: number;
  accountEmail: string;
  postId: string;
  sends: number;
}): Promise<SendLatency> {
  const { base, auth, sandboxUrl, accountId, postId, sends } = options;
  const headers = { ...auth, 'content-type': 'application/json' };
  const ids: number[] = [];
  for (const model of benchModels(20)) {
    const created = await json<{ id: number }>(
      await fetch(`${base}/models`, { method: 'POST', headers, body: JSON.stringify(model) }),
      'model',
    );
    ids.push(created.id);
  }
  await json(
    await fetch(`${base}/posts/${encodeURIComponent(postId)}/selected-models`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ modelIds: ids }),
    }),
    'selection',
  );
  const body = JSON.stringify({
    recipient: 'cast@studio.example',
    postId,
    accountId,
    subject: '[JOB CASTING] {{postId}} 프로필 {{modelCount}}명',
    content: BENCH_TEMPLATE,
  });

  const api: number[] = [];
  for (let i = 0; i < sends + 3; i++) {
    const started = performance.now();
    await json(
      await fetch(`${base}/email-templates/send`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `bench-send-${i}-${Date.now()}` },
        body,
      }),
      'send',
    );
    if (i >= 3) api.push(performance.now() - started);
  }

  const [sent] = await json<{ id: string }[]>(await fetch(`${sandboxUrl}/sandbox/gmail/messages`), 'sent mail');
  const raw = Buffer.from(
    await (await fetch(`${sandboxUrl}/sandbox/gmail/messages/${sent.id}/raw`)).arrayBuffer(),
  ).toString('base64url');
  const accessToken = await sandboxAccessToken(base, auth, sandboxUrl, options.accountEmail);
  const direct: number[] = [];
  for (let i = 0; i < sends + 3; i++) {
    const started = performance.now();
    await json(
      await fetch(`${sandboxUrl}/gmail/v1/users/me/messages/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ raw }),
      }),
      'direct send',
    );
    if (i >= 3) direct.push(performance.now() - started);
  }
  return {
    sends,
    apiP50: median(api),
    apiP95: percentile(api, 95),
    sandboxP50: median(direct),
    sandboxP95: percentile(direct, 95),
  };
}
