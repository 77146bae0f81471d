// The Google sandbox, driven by the real googleapis and google-auth-library clients to prove they work against it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { google } from 'googleapis';
import { OAuth2Client, type Credentials } from 'google-auth-library';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  MODEL_HEADER_ROW_FIELDS,
  MODEL_HEADER_ROW_KO,
  POST_HEADER_ROW_FIELDS,
  POST_HEADER_ROW_KO,
  SAMPLE_ACCOUNT_EMAILS,
  SEED,
  oauthEndpoints,
  startGoogleSandbox,
  type GoogleSandbox,
  type SentMail,
} from './google/server.ts';

const REDIRECT_URI = 'http://localhost:3000/backend/api/v1/mail-accounts/oauth/callback';
const SCOPES = [
  'openid',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/spreadsheets.readonly',
  'https://www.googleapis.com/auth/gmail.send',
];
const [JIHYUN, SEOJUN, SUMIN] = SAMPLE_ACCOUNT_EMAILS;
const exampleData = fileURLToPath(new URL('./google/example-data', import.meta.url));

let sandbox: GoogleSandbox;
let rootUrl: string;

/** The options the back end passes: its client id/secret and the sandbox's endpoints. */
function oauthClient(extra: { forceRefreshOnFailure?: boolean } = {}): OAuth2Client {
  return new OAuth2Client({
    clientId: DEFAULT_CLIENT_ID,
    clientSecret: DEFAULT_CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
    endpoints: {
      oauth2AuthBaseUrl: `${sandbox.url}/o/oauth2/v2/auth`,
      oauth2TokenUrl: `${sandbox.url}/token`,
      oauth2RevokeUrl: `${sandbox.url}/revoke`,
      tokenInfoUrl: `${sandbox.url}/tokeninfo`,
      oauth2FederatedSignonPemCertsUrl: `${sandbox.url}/oauth2/v1/certs`,
      oauth2FederatedSignonJwkCertsUrl: `${sandbox.url}/oauth2/v3/certs`,
    },
    ...extra,
  });
}

function approveLink(html: string, email: string): string {
  const match = new RegExp(`<a href="([^"]+)" data-account="${email.replace(/\./g, '\\.')}"`).exec(html);
  if (!match) throw new Error(`no approve link for ${email}`);
  return new URL(match[1].replace(/&amp;/g, '&'), sandbox.url).toString();
}

/** Runs the consent flow for one account and answers the redirect's query. */
async function consent(
  client: OAuth2Client,
  email: string,
  options: { scope?: string[]; state?: string; offline?: boolean } = {},
): Promise<URLSearchParams> {
  const authUrl = client.generateAuthUrl({
    access_type: options.offline === false ? 'online' : 'offline',
    prompt: 'consent',
    scope: options.scope ?? SCOPES,
    state: options.state ?? 'state-1',
    login_hint: email,
  });
  const page = await fetch(authUrl);
  expect(page.status).toBe(200);
  const approve = await fetch(approveLink(await page.text(), email), { redirect: 'manual' });
  expect(approve.status).toBe(302);
  const location = new URL(approve.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
  return location.searchParams;
}

/** Signs an account in and answers a client holding its tokens. */
async function signIn(
  email: string,
  options: { scope?: string[]; forceRefreshOnFailure?: boolean; offline?: boolean } = {},
): Promise<OAuth2Client> {
  const client = oauthClient({ forceRefreshOnFailure: options.forceRefreshOnFailure });
  const query = await consent(client, email, options);
  const { tokens } = await client.getToken(query.get('code') ?? '');
  client.setCredentials(tokens);
  return client;
}

interface CaughtGoogleError {
  status: number | undefined;
  data: { error?: unknown; error_description?: string };
  message: string;
}

async function failure(promise: Promise<unknown>): Promise<CaughtGoogleError> {
  try {
    await promise;
  } catch (error) {
    const e = error as {
      status?: number;
      response?: { status: number; data: CaughtGoogleError['data'] };
      message: string;
    };
    return { status: e.response?.status ?? e.status, data: e.response?.data ?? {}, message: e.message };
  }
  throw new Error('expected the call to fail');
}

interface GoogleErrorBody {
  code: number;
  message: string;
  status?: string;
  errors?: { reason: string; domain: string }[];
}

const googleError = (caught: CaughtGoogleError) => caught.data.error as GoogleErrorBody;

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  sandbox = await startGoogleSandbox({ port: 0 });
  rootUrl = `${sandbox.url}/`;
});

afterAll(async () => {
  await sandbox?.close();
});

beforeEach(async () => {
  await control('POST', '/sandbox/reset');
});

describe('OAuth web server flow', () => {
  it('consent page → approve link → code → getToken → userinfo, with the state passed through verbatim', async () => {
    const client = oauthClient();
    const state = 'a b&c=d/한글?x=1';
    const authUrl = client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: SCOPES,
      state,
      login_hint: SUMIN,
    });
    expect(authUrl.startsWith(`${sandbox.url}/o/oauth2/v2/auth?`)).toBe(true);

    const page = await fetch(authUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="ko">');
    expect(html).toContain('김지현');
    expect(html).toContain('박서준');
    expect(html).toContain('이수민');
    expect(html).toContain('사용자 대신 이메일 보내기');

    const approve = await fetch(approveLink(html, SUMIN), { redirect: 'manual' });
    expect(approve.status).toBe(302);
    const query = new URL(approve.headers.get('location') ?? '').searchParams;
    expect(query.get('state')).toBe(state);
    const code = query.get('code') ?? '';
    expect(code).not.toBe('');

    const { tokens } = await client.getToken(code);
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.scope?.split(' ')).toEqual(SCOPES);
    expect(tokens.expiry_date).toBeGreaterThan(Date.now() + 3500_000);
    client.setCredentials(tokens);

    const oauth2 = google.oauth2({ version: 'v2', auth: client, rootUrl });
    const { data: me } = await oauth2.userinfo.get();
    expect(me).toMatchObject({
      email: SUMIN,
      verified_email: true,
      name: '이수민',
      given_name: '수민',
      family_name: '이',
      locale: 'ko',
    });
    expect(me.id).toMatch(/^\d{21}$/);
    const avatar = await fetch(me.picture ?? '');
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');

    // The ID token verifies with the sandbox's certificates, and tokeninfo describes the access token.
    const ticket = await client.verifyIdToken({ idToken: tokens.id_token ?? '', audience: DEFAULT_CLIENT_ID });
    expect(ticket.getPayload()).toMatchObject({ email: SUMIN, sub: me.id, name: '이수민' });
    const info = await client.getTokenInfo(tokens.access_token ?? '');
    expect(info).toMatchObject({ email: SUMIN, aud: DEFAULT_CLIENT_ID, access_type: 'offline' });
    expect(info.scopes).toContain('https://www.googleapis.com/auth/gmail.send');
  });

  it('answers the authorize page as JSON for tests, and the helper gives the same endpoints', async () => {
    const client = oauthClient();
    const response = await fetch(client.generateAuthUrl({ scope: SCOPES, state: 's' }), {
      headers: { accept: 'application/json' },
    });
    const body = (await response.json()) as { accounts: { email: string; approveUrl: string }[]; cancelUrl: string };
    expect(body.accounts.map((a) => a.email)).toEqual(SAMPLE_ACCOUNT_EMAILS);
    expect(client.endpoints).toMatchObject(oauthEndpoints(sandbox.url));
  });

  it('redirects Cancel with error=access_denied and the state', async () => {
    const client = oauthClient();
    const html = await (await fetch(client.generateAuthUrl({ scope: SCOPES, state: 'cancel me' }))).text();
    const cancel = /<a class="button" href="([^"]+)" id="cancel">/.exec(html)?.[1] ?? '';
    const response = await fetch(new URL(cancel.replace(/&amp;/g, '&'), sandbox.url), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const query = new URL(response.headers.get('location') ?? '').searchParams;
    expect(query.get('error')).toBe('access_denied');
    expect(query.get('state')).toBe('cancel me');
  });

  it('rejects an unknown client id and a missing redirect_uri with error pages', async () => {
    const bad = await fetch(
      `${sandbox.url}/o/oauth2/v2/auth?client_id=nobody&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&response_type=code&scope=email`,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('invalid_client');
    const missing = await fetch(
      `${sandbox.url}/o/oauth2/v2/auth?client_id=${DEFAULT_CLIENT_ID}&response_type=code&scope=email`,
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('redirect_uri');
  });

  it('makes codes single-use and bound to the redirect_uri, and checks the client secret', async () => {
    const client = oauthClient();
    const code = (await consent(client, JIHYUN)).get('code') ?? '';
    await client.getToken(code);
    const reused = await failure(client.getToken(code));
    expect(reused.status).toBe(400);
    expect(reused.data).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });

    const other = (await consent(client, JIHYUN)).get('code') ?? '';
    const mismatch = await failure(client.getToken({ code: other, redirect_uri: 'http://localhost:9999/elsewhere' }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.error).toBe('redirect_uri_mismatch');

    const wrongSecret = new OAuth2Client({
      clientId: DEFAULT_CLIENT_ID,
      clientSecret: 'nope',
      redirectUri: REDIRECT_URI,
      endpoints: oauthEndpoints(sandbox.url),
    });
    const unauthorized = await failure(wrongSecret.getToken(other));
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.data).toEqual({ error: 'invalid_client', error_description: 'Unauthorized' });
  });

  it('gives no refresh token without access_type=offline', async () => {
    const client = oauthClient();
    const code = (await consent(client, SEOJUN, { offline: false })).get('code') ?? '';
    const { tokens } = await client.getToken(code);
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeUndefined();
  });

  it('refreshes after /sandbox/tokens/expire when the client has forceRefreshOnFailure', async () => {
    const client = await signIn(JIHYUN, { forceRefreshOnFailure: true });
    const drive = google.drive({ version: 'v3', auth: client, rootUrl });
    await drive.files.list({ pageSize: 1 });
    const before = client.credentials.access_token;
    const refreshed: Credentials[] = [];
    client.on('tokens', (tokens) => refreshed.push(tokens));

    expect((await control('POST', '/sandbox/tokens/expire', { account: JIHYUN })).json).toEqual({ expired: 1 });
    const { data } = await drive.files.list({ pageSize: 1 });
    expect(data.files).toHaveLength(1);
    expect(refreshed).toHaveLength(1);
    expect(refreshed[0].access_token).not.toBe(before);
    expect(client.credentials.access_token).toBe(refreshed[0].access_token);
  });

  it('without forceRefreshOnFailure, an expired token that the client still thinks valid surfaces as 401', async () => {
    const client = await signIn(JIHYUN);
    await control('POST', '/sandbox/tokens/expire');
    const caught = await failure(google.drive({ version: 'v3', auth: client, rootUrl }).files.list());
    expect(caught.status).toBe(401);
    expect(googleError(caught)).toMatchObject({
      code: 401,
      status: 'UNAUTHENTICATED',
      errors: [{ reason: 'authError' }],
    });
    expect(googleError(caught).message).toMatch(/^Request had invalid authentication credentials/);
  });

  it('revoking the access token revokes the grant: the refresh token then gets invalid_grant', async () => {
    const client = await signIn(SEOJUN);
    const refreshToken = client.credentials.refresh_token ?? '';
    await client.revokeCredentials();
    const later = oauthClient();
    later.setCredentials({ refresh_token: refreshToken });
    const caught = await failure(later.getAccessToken());
    expect(caught.status).toBe(400);
    expect(caught.data).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });

    const unknown = await fetch(`${sandbox.url}/revoke?token=nonsense`, { method: 'POST' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('rejects API calls without a token', async () => {
    const response = await fetch(`${sandbox.url}/drive/v3/files`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      error: { code: 401, status: 'UNAUTHENTICATED', errors: [{ reason: 'required' }] },
    });
  });

  it('answers 403 insufficientPermissions for a scope the token lacks', async () => {
    const client = await signIn(JIHYUN, { scope: ['email', 'profile'] });
    const gmail = google.gmail({ version: 'v1', auth: client, rootUrl });
    const caught = await failure(
      gmail.users.messages.send({ userId: 'me', requestBody: { raw: 'VG86IGFAYi5j' } }, { retry: false }),
    );
    expect(caught.status).toBe(403);
    expect(googleError(caught)).toMatchObject({
      status: 'PERMISSION_DENIED',
      errors: [{ reason: 'insufficientPermissions' }],
    });
  });
});

describe('Drive', () => {
  let client: OAuth2Client;
  beforeEach(async () => {
    client = await signIn(JIHYUN);
  });

  it('lists My Drive folders first, by name, and finds files with name contains', async () => {
    const drive = google.drive({ version: 'v3', auth: client, rootUrl });
    const { data } = await drive.files.list({
      q: "'root' in parents and trashed = false",
      orderBy: 'folder,name',
      fields: 'nextPageToken, files(id, name, mimeType, modifiedTime, thumbnailLink, iconLink, parents, size)',
      spaces: 'drive',
    });
    const files = data.files ?? [];
    const folders = files.filter((f) => f.mimeType === 'application/vnd.google-apps.folder');
    expect(folders.map((f) => f.name)).toEqual(['계약서', '메일 템플릿', '모델 카드', '사진', '캐스팅 공고']);
    expect(files.slice(0, folders.length)).toEqual(folders);
    const others = files.slice(folders.length).map((f) => f.name ?? '');
    expect(others).toEqual([...others].sort((a, b) => a.localeCompare(b, 'ko')));
    for (const file of files) {
      expect(file.parents).toEqual([SEED.rootFolderId]);
      expect(Number.isNaN(Date.parse(file.modifiedTime ?? ''))).toBe(false);
    }
    expect(data.nextPageToken).toBeUndefined();

    const search = await drive.files.list({
      q: "name contains '캐스팅' and trashed = false",
      fields: 'files(id,name,mimeType)',
      orderBy: 'folder,name',
    });
    const names = (search.data.files ?? []).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['캐스팅 공고', '2026 캐스팅 공고', '2025 캐스팅 공고 (보관)']));
    expect(names[0]).toBe('캐스팅 공고');

    const sheets = await drive.files.list({
      q: "mimeType = 'application/vnd.google-apps.spreadsheet'",
      fields: 'files(id)',
    });
    expect((sheets.data.files ?? []).map((f) => f.id)).toEqual(
      expect.arrayContaining([SEED.postsSpreadsheetId, SEED.modelsSpreadsheetId]),
    );
  });

  it('pages with pageToken, returns only the default fields without `fields`, and keeps trashed files unless asked', async () => {
    const drive = google.drive({ version: 'v3', auth: client, rootUrl });
    const all = await drive.files.list({ pageSize: 1000, fields: 'files(id,trashed)' });
    const total = all.data.files?.length ?? 0;
    expect(total).toBeGreaterThanOrEqual(40);
    expect(total).toBeLessThanOrEqual(80);
    expect(all.data.files?.some((f) => f.trashed)).toBe(true);

    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await drive.files.list({ pageSize: 17, pageToken, orderBy: 'modifiedTime desc' });
      for (const file of page.data.files ?? []) {
        expect(Object.keys(file).sort()).toEqual(['id', 'kind', 'mimeType', 'name']);
        seen.push(file.id ?? '');
      }
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken);
    expect(new Set(seen).size).toBe(total);

    const folder = await drive.files.list({
      q: `'${SEED.foreignModelsFolderId}' in parents`,
      fields: 'files(name,thumbnailLink,size)',
    });
    const image = folder.data.files?.[0];
    expect(image?.name).toMatch(/^MC-\d{4}_.+\.jpg$/);
    expect(Number(image?.size)).toBeGreaterThan(0);
    const thumbnail = await fetch(image?.thumbnailLink ?? '');
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('gets one file, and answers 404 in Google’s shape for unknown ids and 400 for a bad query', async () => {
    const drive = google.drive({ version: 'v3', auth: client, rootUrl });
    const { data } = await drive.files.get({
      fileId: SEED.postsSpreadsheetId,
      fields: 'id,name,mimeType,thumbnailLink,parents',
    });
    expect(data).toMatchObject({
      id: SEED.postsSpreadsheetId,
      name: '2026 캐스팅 공고',
      mimeType: 'application/vnd.google-apps.spreadsheet',
    });
    expect(data.thumbnailLink).toContain('/sandbox/thumbnails/');

    const missing = await failure(drive.files.get({ fileId: 'no-such-file' }));
    expect(missing.status).toBe(404);
    expect(googleError(missing)).toMatchObject({
      code: 404,
      message: 'File not found: no-such-file.',
      errors: [{ reason: 'notFound' }],
    });

    const bad = await failure(drive.files.list({ q: "name contains 'unterminated" }));
    expect(bad.status).toBe(400);
    expect(googleError(bad).errors?.[0]).toMatchObject({ reason: 'invalid', location: 'q' });
  });
});

describe('Drive shared drives and sharing', () => {
  let drive: ReturnType<typeof google.drive>;
  beforeEach(async () => {
    drive = google.drive({ version: 'v3', auth: await signIn(JIHYUN), rootUrl });
  });
  const ALL_DRIVES = { supportsAllDrives: true, includeItemsFromAllDrives: true };

  it('lists the shared drives and gets one, with Drive’s default fields', async () => {
    const { data } = await drive.drives.list();
    expect(data).toEqual({
      kind: 'drive#driveList',
      drives: [{ kind: 'drive#drive', id: SEED.sharedDriveId, name: SEED.sharedDriveName }],
    });
    const named = await drive.drives.list({
      q: "name contains '팀'",
      fields: 'drives(id,colorRgb,capabilities/canListChildren)',
    });
    expect(named.data).toEqual({
      drives: [{ id: SEED.sharedDriveId, colorRgb: '#4986e7', capabilities: { canListChildren: true } }],
    });
    expect((await drive.drives.list({ q: "name contains '없는'" })).data.drives).toEqual([]);
    expect((await drive.drives.get({ driveId: SEED.sharedDriveId })).data).toEqual({
      kind: 'drive#drive',
      id: SEED.sharedDriveId,
      name: SEED.sharedDriveName,
    });
    const missing = await failure(drive.drives.get({ driveId: 'nope' }));
    expect(missing.status).toBe(404);
    expect(googleError(missing).message).toBe('Shared drive not found: nope');
  });

  it('lists a shared drive’s files only with supportsAllDrives, includeItemsFromAllDrives and a corpus that holds them', async () => {
    const inFolder = `'${SEED.sharedComcardFolderId}' in parents`;
    const names = async (params: Record<string, unknown>) =>
      (
        (await drive.files.list({ orderBy: 'name', fields: 'files(name,driveId,parents)', ...params })).data.files ?? []
      ).map((f) => f.name);
    const comcards = [
      'MC-0101 콤카드.pdf',
      'MC-0102 콤카드.pdf',
      'MC-0103 콤카드.pdf',
      'MC-0104 콤카드.jpg',
      'MC-0105 콤카드.jpg',
    ];

    expect(await names({ q: inFolder })).toEqual([]);
    expect(await names({ q: inFolder, corpora: 'allDrives', supportsAllDrives: true })).toEqual([]);
    expect(await names({ q: inFolder, corpora: 'user', ...ALL_DRIVES })).toEqual([]);
    expect(await names({ q: inFolder, corpora: 'drive', driveId: SEED.sharedDriveId, ...ALL_DRIVES })).toEqual(
      comcards,
    );
    expect(await names({ q: inFolder, corpora: 'allDrives', ...ALL_DRIVES })).toEqual(comcards);

    const listed = await drive.files.list({
      q: "name contains '콤카드'",
      corpora: 'allDrives',
      ...ALL_DRIVES,
      orderBy: 'name',
      fields: 'files(name,driveId)',
    });
    expect(listed.data.files).toContainEqual({ name: 'MC-0101 콤카드.pdf', driveId: SEED.sharedDriveId });
    expect(listed.data.files).toContainEqual({ name: '콤카드 양식_2026.pptx' });
    const driveOnly = await names({
      corpora: 'drive',
      driveId: SEED.sharedDriveId,
      ...ALL_DRIVES,
      q: 'trashed = false',
    });
    expect(driveOnly).toEqual([
      '2026 겨울 모델 포트폴리오.pdf',
      '고객 공유',
      '내부 자료',
      '모델 정산표 2026.xlsx',
      '콤카드',
      ...comcards,
    ]);
    expect(driveOnly).not.toContain('콤카드 양식_2026.pptx');

    const noDriveId = await failure(drive.files.list({ corpora: 'drive', ...ALL_DRIVES }));
    expect(noDriveId.status).toBe(400);
    expect(googleError(noDriveId).message).toBe(
      'The driveId parameter must be specified if and only if corpora is set to drive.',
    );
    expect(
      (await failure(drive.files.list({ corpora: 'allDrives', driveId: SEED.sharedDriveId, ...ALL_DRIVES }))).status,
    ).toBe(400);
    expect((await failure(drive.files.list({ corpora: 'drive', driveId: 'nope', ...ALL_DRIVES }))).status).toBe(404);
  });

  it('answers files.get of a shared-drive file with 404 unless the call passes supportsAllDrives', async () => {
    const missing = await failure(drive.files.get({ fileId: SEED.sharedPublicComcardId }));
    expect(missing.status).toBe(404);
    expect(googleError(missing).message).toBe(`File not found: ${SEED.sharedPublicComcardId}.`);
    expect((await failure(drive.files.get({ fileId: SEED.sharedPublicComcardId, alt: 'media' }))).status).toBe(404);
    const { data } = await drive.files.get({
      fileId: SEED.sharedPublicComcardId,
      supportsAllDrives: true,
      fields: 'id,name,mimeType,driveId,parents,owners,ownedByMe,shared',
    });
    expect(data).toEqual({
      id: SEED.sharedPublicComcardId,
      name: 'MC-0101 콤카드.pdf',
      mimeType: 'application/pdf',
      driveId: SEED.sharedDriveId,
      parents: [SEED.sharedComcardFolderId],
      ownedByMe: false,
      shared: true,
    });
  });

  it('answers permissions.list: a file shared with anyone with the link, one shared by name, and one not shared', async () => {
    const permissions = async (fileId: string, extra: Record<string, unknown> = {}) =>
      (await drive.permissions.list({ fileId, ...extra })).data.permissions ?? [];
    const anyone = { kind: 'drive#permission', id: 'anyoneWithLink', type: 'anyone', role: 'reader' };

    const open = await permissions(SEED.sharedPublicComcardId, { supportsAllDrives: true });
    expect(open).toContainEqual(anyone);
    expect(open.filter((p) => p.type === 'user').map((p) => p.role)).toEqual([
      'organizer',
      'organizer',
      'organizer',
      'organizer',
    ]);
    expect(open.every((p) => Object.keys(p).sort().join() === 'id,kind,role,type')).toBe(true);
    const closed = await permissions(SEED.sharedPrivateComcardId, { supportsAllDrives: true });
    expect(closed.some((p) => p.type === 'anyone')).toBe(false);
    expect((await failure(drive.permissions.list({ fileId: SEED.sharedPublicComcardId }))).status).toBe(404);

    // A file in a folder shared with anyone with the link inherits the grant.
    const portfolio =
      (
        await drive.files.list({
          q: `'${SEED.sharedClientFolderId}' in parents`,
          corpora: 'drive',
          driveId: SEED.sharedDriveId,
          ...ALL_DRIVES,
          fields: 'files(id)',
        })
      ).data.files?.[0]?.id ?? '';
    const inherited = await permissions(portfolio, {
      supportsAllDrives: true,
      fields: 'permissions(id,type,role,allowFileDiscovery,permissionDetails)',
    });
    expect(inherited).toContainEqual({
      id: 'anyoneWithLink',
      type: 'anyone',
      role: 'reader',
      allowFileDiscovery: false,
      permissionDetails: [
        { permissionType: 'file', role: 'reader', inherited: true, inheritedFrom: SEED.sharedClientFolderId },
      ],
    });

    // My Drive: the owner, and the comp card photos the models sheet links to, some open by link and some not.
    const profile = await permissions(SEED.companyProfileId, { fields: 'permissions(type,role,emailAddress)' });
    expect(profile).toEqual([
      { type: 'user', role: 'owner', emailAddress: JIHYUN },
      { type: 'anyone', role: 'reader' },
    ]);
    const photos =
      (
        await drive.files.list({
          q: `'${SEED.foreignModelsFolderId}' in parents`,
          fields: 'files(id,shared)',
          pageSize: 100,
        })
      ).data.files ?? [];
    const kinds = await Promise.all(
      photos.map(
        async (photo) =>
          (await permissions(photo.id ?? ''))
            .filter((p) => p.role !== 'owner')
            .map((p) => p.type)
            .join() || 'none',
      ),
    );
    expect(new Set(kinds)).toEqual(new Set(['anyone', 'user', 'none']));
    expect(photos.map((photo) => photo.shared)).toEqual(kinds.map((kind) => kind !== 'none'));
    const byName = await permissions(photos[kinds.indexOf('user')].id ?? '', {
      fields: 'permissions(type,role,emailAddress)',
    });
    expect(byName).toContainEqual({ type: 'user', role: 'reader', emailAddress: 'casting@studio-haneul.co.kr' });

    const one = await drive.permissions.get({ fileId: SEED.companyProfileId, permissionId: 'anyoneWithLink' });
    expect(one.data).toEqual(anyone);
    expect(
      (
        await failure(
          drive.permissions.get({
            fileId: SEED.sharedPrivateComcardId,
            permissionId: 'anyoneWithLink',
            supportsAllDrives: true,
          }),
        )
      ).status,
    ).toBe(404);
  });
});

describe('Sheets', () => {
  let client: OAuth2Client;
  beforeEach(async () => {
    client = await signIn(JIHYUN);
  });

  it('serves the posts sheets with Korean and field-name headers, trimming trailing empty cells', async () => {
    const sheets = google.sheets({ version: 'v4', auth: client, rootUrl });
    const { data } = await sheets.spreadsheets.values.get({
      spreadsheetId: SEED.postsSpreadsheetId,
      range: SEED.postsSheetName,
      majorDimension: 'ROWS',
      valueRenderOption: 'FORMATTED_VALUE',
    });
    const values = data.values as string[][];
    expect(values.length).toBeGreaterThanOrEqual(301);
    expect(values[0]).toEqual(POST_HEADER_ROW_KO);
    expect(data.range).toBe(`'공고'!A1:R${values.length}`);
    expect(data.majorDimension).toBe('ROWS');
    const genders = new Set(values.slice(1).map((row) => row[4]));
    expect(genders).toEqual(new Set(['남자', '여자', '남녀 ', '남녀']));
    expect(values.some((row) => row[0] === '' && (row[17] ?? '') === '')).toBe(true);
    expect(values.some((row) => row.length < 18)).toBe(true);
    expect(values.some((row) => (row[15] ?? '').includes('<script>'))).toBe(true);
    const ids = values
      .slice(1)
      .map((row) => row[0])
      .filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^P-20\d\d-\d{5}$/);

    const english = await sheets.spreadsheets.values.get({
      spreadsheetId: SEED.postsSpreadsheetId,
      range: `'${SEED.postsFieldSheetName}'!A1:Z`,
    });
    expect(english.data.values?.[0]).toEqual(POST_HEADER_ROW_FIELDS);
    expect(english.data.values?.slice(1)).toEqual(values.slice(1));
    expect(english.data.range).toBe(`posts!A1:R${values.length}`);

    const corner = await sheets.spreadsheets.values.get({
      spreadsheetId: SEED.postsSpreadsheetId,
      range: "'공고'!B1:C3",
    });
    expect(corner.data.range).toBe("'공고'!B1:C3");
    expect(corner.data.values?.[0]).toEqual(['공고 제목', '작품명']);
  });

  it('serves the models sheets', async () => {
    const sheets = google.sheets({ version: 'v4', auth: client, rootUrl });
    const korean = await sheets.spreadsheets.values.get({
      spreadsheetId: SEED.modelsSpreadsheetId,
      range: SEED.modelsSheetName,
    });
    const values = korean.data.values as string[][];
    expect(values.length).toBeGreaterThanOrEqual(61);
    expect(values[0]).toEqual(MODEL_HEADER_ROW_KO);
    expect(values.slice(1).every((row) => /^MC-\d{4}$/.test(row[0]))).toBe(true);
    expect(values.some((row) => row[4] === '러시아')).toBe(true);
    expect(values.some((row) => /^https:\/\/drive\.google\.com\/open\?id=/.test(row[9] ?? ''))).toBe(true);
    const fields = await sheets.spreadsheets.values.get({
      spreadsheetId: SEED.modelsSpreadsheetId,
      range: SEED.modelsFieldSheetName,
    });
    expect(fields.data.values?.[0]).toEqual(MODEL_HEADER_ROW_FIELDS);

    const { data: meta } = await sheets.spreadsheets.get({ spreadsheetId: SEED.modelsSpreadsheetId });
    expect(meta.properties?.title).toBe('모델 리스트');
    expect(meta.sheets?.map((s) => s.properties?.title)).toEqual(['모델', 'models']);
    expect(meta.sheets?.[0].properties).toMatchObject({
      sheetId: 0,
      index: 0,
      gridProperties: { rowCount: values.length, columnCount: 10 },
    });
  });

  it('answers Google’s errors for an unknown sheet, an unknown spreadsheet and a file that is not a spreadsheet', async () => {
    const sheets = google.sheets({ version: 'v4', auth: client, rootUrl });
    const sheet = await failure(
      sheets.spreadsheets.values.get({ spreadsheetId: SEED.postsSpreadsheetId, range: '없는 시트!A1:Z' }),
    );
    expect(sheet.status).toBe(400);
    expect(googleError(sheet)).toEqual({
      code: 400,
      message: 'Unable to parse range: 없는 시트!A1:Z',
      status: 'INVALID_ARGUMENT',
    });

    const spreadsheet = await failure(sheets.spreadsheets.values.get({ spreadsheetId: 'nope', range: 'A1' }));
    expect(spreadsheet.status).toBe(404);
    expect(googleError(spreadsheet)).toMatchObject({ message: 'Requested entity was not found.', status: 'NOT_FOUND' });

    const drive = google.drive({ version: 'v3', auth: client, rootUrl });
    const pdf =
      (await drive.files.list({ q: "mimeType = 'application/pdf'", fields: 'files(id)' })).data.files?.[0]?.id ?? '';
    const notSheet = await failure(sheets.spreadsheets.values.get({ spreadsheetId: pdf, range: 'A1' }));
    expect(notSheet.status).toBe(400);
    expect(googleError(notSheet).message).toBe('This operation is not supported for this document');
  });

  it('serves spreadsheets added and replaced through the control endpoints, and 20,000 generated rows', async () => {
    const sheets = google.sheets({ version: 'v4', auth: client, rootUrl });
    const added = await control('POST', '/sandbox/spreadsheets', {
      name: '테스트 공고',
      sheets: {
        '시트 A': [
          ['공고ID', '공고 제목'],
          ['P-1', '첫 공고'],
        ],
      },
    });
    expect(added.status).toBe(201);
    const id = (added.json as { id: string }).id;
    const first = await sheets.spreadsheets.values.get({ spreadsheetId: id, range: "'시트 A'" });
    expect(first.data.values).toEqual([
      ['공고ID', '공고 제목'],
      ['P-1', '첫 공고'],
    ]);

    const replaced = await control('PUT', `/sandbox/spreadsheets/${id}/sheets/${encodeURIComponent('시트 A')}`, {
      values: [['a', 'b', ''], [], ['c']],
    });
    expect(replaced.status).toBe(200);
    const second = await sheets.spreadsheets.values.get({ spreadsheetId: id, range: '시트 A' });
    expect(second.data.values).toEqual([['a', 'b'], [], ['c']]);

    const generated = await control('POST', '/sandbox/spreadsheets/generated-posts', { rows: 20000, seed: 7 });
    const { id: bigId, sheetName } = generated.json as { id: string; sheetName: string };
    const big = await sheets.spreadsheets.values.get({ spreadsheetId: bigId, range: sheetName });
    expect(big.data.values).toHaveLength(20001);
    expect(big.data.values?.[0]).toEqual(POST_HEADER_ROW_KO);
    // Replacing the cells drops the answer the sandbox keeps encoded for large sheets.
    await control('PUT', `/sandbox/spreadsheets/${bigId}/sheets/${encodeURIComponent(sheetName)}`, {
      values: [['바뀐 값']],
    });
    const changed = await sheets.spreadsheets.values.get({ spreadsheetId: bigId, range: sheetName });
    expect(changed.data.values).toEqual([['바뀐 값']]);

    await control('POST', '/sandbox/reset');
    const fresh = await signIn(JIHYUN);
    const gone = await failure(
      google
        .sheets({ version: 'v4', auth: fresh, rootUrl })
        .spreadsheets.values.get({ spreadsheetId: id, range: 'A1' }),
    );
    expect(gone.status).toBe(404);
  });
});

describe('Gmail', () => {
  it('sends a nodemailer-built message whose Korean subject comes back decoded', async () => {
    const client = await signIn(SEOJUN);
    const message = await new MailComposer({
      from: '박서준 <jobcasting.office@gmail.com>',
      to: '스튜디오 하늘 <casting@studio-haneul.co.kr>',
      cc: 'sumin.models@gmail.com',
      subject: '[잡캐스팅] 11월 캐스팅 공고 - 모델 추천드립니다',
      html: '<p>안녕하세요, <b>잡캐스팅</b>입니다.</p>',
      text: '안녕하세요, 잡캐스팅입니다.',
      attachments: [{ filename: '콤카드.txt', content: 'MC-0101' }],
    })
      .compile()
      .build();
    const gmail = google.gmail({ version: 'v1', auth: client, rootUrl });
    const { data } = await gmail.users.messages.send({
      userId: 'me',
      requestBody: { raw: message.toString('base64url') },
    });
    expect(data.labelIds).toEqual(['SENT']);
    expect(data.id).toMatch(/^[0-9a-f]{16}$/);
    expect(data.threadId).toBe(data.id);

    const list = (await control('GET', '/sandbox/gmail/messages')).json as SentMail[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: data.id,
      account: SEOJUN,
      from: { name: '박서준', address: 'jobcasting.office@gmail.com' },
      to: [{ name: '스튜디오 하늘', address: 'casting@studio-haneul.co.kr' }],
      cc: [{ address: 'sumin.models@gmail.com' }],
      subject: '[잡캐스팅] 11월 캐스팅 공고 - 모델 추천드립니다',
      rawSize: message.length,
      attachments: [{ filename: '콤카드.txt', size: 7 }],
    });
    expect(list[0].html).toContain('<b>잡캐스팅</b>');
    expect(list[0].text).toContain('안녕하세요');
    expect((await control('GET', `/sandbox/gmail/messages/${data.id}`)).json).toMatchObject({
      subject: list[0].subject,
    });

    // The upload endpoint: googleapis takes the media URL from the per-call rootUrl only.
    const upload = await gmail.users.messages.send(
      { userId: 'me', requestBody: {}, media: { mimeType: 'message/rfc822', body: message.toString('utf8') } },
      { rootUrl },
    );
    expect(upload.data.labelIds).toEqual(['SENT']);
    const both = (await control('GET', '/sandbox/gmail/messages')).json as SentMail[];
    expect(both.map((m) => m.id)).toEqual([upload.data.id, data.id]);
    expect(both[0].subject).toBe(list[0].subject);

    expect((await control('DELETE', '/sandbox/gmail/messages')).json).toEqual({ deleted: 2 });
    expect((await control('GET', '/sandbox/gmail/messages')).json).toEqual([]);
  });

  it('refuses a message without recipients', async () => {
    const client = await signIn(SEOJUN);
    const gmail = google.gmail({ version: 'v1', auth: client, rootUrl });
    const raw = Buffer.from('From: a@b.c\r\nSubject: x\r\n\r\nhi').toString('base64url');
    const caught = await failure(gmail.users.messages.send({ userId: 'me', requestBody: { raw } }));
    expect(caught.status).toBe(400);
    expect(googleError(caught)).toMatchObject({ message: 'Recipient address required', status: 'INVALID_ARGUMENT' });
  });
});

describe('Gmail mailbox (read side)', () => {
  const READ_SCOPES = [...SCOPES, 'https://www.googleapis.com/auth/gmail.readonly'];
  const CUSTOMER = 'casting@studio-haneul.co.kr';
  // A PDF's bytes, not text: a test can only see them arrive intact through their hash.
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37 + 11) % 256)),
    Buffer.from('\n%%EOF\n'),
  ]);

  async function compose(options: Record<string, unknown> = {}): Promise<Buffer> {
    return new MailComposer({
      from: '박서준 <jobcasting.office@gmail.com>',
      to: `스튜디오 하늘 <${CUSTOMER}>`,
      subject: '[잡캐스팅] 모델 추천드립니다',
      text: '안녕하세요, 잡캐스팅입니다. 추천 모델을 보내드립니다.',
      html: '<p>안녕하세요, <b>잡캐스팅</b>입니다.</p>',
      ...options,
    })
      .compile()
      .build();
  }

  async function reader(scope = READ_SCOPES) {
    const client = await signIn(SEOJUN, { scope });
    return google.gmail({ version: 'v1', auth: client, rootUrl });
  }

  const headerOf = (headers: { name?: string | null; value?: string | null }[] | undefined, name: string) =>
    headers?.find((h) => h.name?.toLowerCase() === name.toLowerCase())?.value;

  it('answers messages.get in the minimal, metadata, full and raw formats, attachments included, and 404 for an unknown id', async () => {
    const gmail = await reader();
    const raw = await compose({
      attachments: [{ filename: 'MC-0101_콤카드.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    const { data: sent } = await gmail.users.messages.send({
      userId: 'me',
      requestBody: { raw: raw.toString('base64url') },
    });
    const id = sent.id ?? '';

    const minimal = (await gmail.users.messages.get({ userId: 'me', id, format: 'minimal' })).data;
    expect(Object.keys(minimal).sort()).toEqual([
      'historyId',
      'id',
      'internalDate',
      'labelIds',
      'sizeEstimate',
      'snippet',
      'threadId',
    ]);
    expect(minimal).toMatchObject({
      id,
      threadId: id,
      labelIds: ['SENT'],
      sizeEstimate: raw.length,
      snippet: '안녕하세요, 잡캐스팅입니다. 추천 모델을 보내드립니다.',
    });
    expect(minimal.historyId).toMatch(/^\d+$/);

    const metadata = (
      await gmail.users.messages.get({ userId: 'me', id, format: 'metadata', metadataHeaders: ['Subject', 'from'] })
    ).data;
    expect(metadata.payload?.headers).toEqual([
      { name: 'From', value: '박서준 <jobcasting.office@gmail.com>' },
      { name: 'Subject', value: '[잡캐스팅] 모델 추천드립니다' },
    ]);
    expect(metadata.payload?.parts).toBeUndefined();

    const full = (await gmail.users.messages.get({ userId: 'me', id })).data;
    expect(full.payload?.mimeType).toBe('multipart/mixed');
    expect(headerOf(full.payload?.headers, 'To')).toBe(`스튜디오 하늘 <${CUSTOMER}>`);
    const [alternative, attachment] = full.payload?.parts ?? [];
    expect(alternative).toMatchObject({ partId: '0', mimeType: 'multipart/alternative', filename: '' });
    const [plain, html] = alternative.parts ?? [];
    expect(plain).toMatchObject({ partId: '0.0', mimeType: 'text/plain' });
    expect(Buffer.from(plain.body?.data ?? '', 'base64url').toString('utf8')).toBe(
      '안녕하세요, 잡캐스팅입니다. 추천 모델을 보내드립니다.',
    );
    expect(Buffer.from(html.body?.data ?? '', 'base64url').toString('utf8')).toBe(
      '<p>안녕하세요, <b>잡캐스팅</b>입니다.</p>',
    );
    expect(attachment).toMatchObject({
      partId: '1',
      mimeType: 'application/pdf',
      filename: 'MC-0101_콤카드.pdf',
      body: { size: pdf.length },
    });
    expect(attachment.body?.data).toBeUndefined();
    const fetched = await gmail.users.messages.attachments.get({
      userId: 'me',
      messageId: id,
      id: attachment.body?.attachmentId ?? '',
    });
    expect(Buffer.from(fetched.data.data ?? '', 'base64url').equals(pdf)).toBe(true);

    const asRaw = (await gmail.users.messages.get({ userId: 'me', id, format: 'raw' })).data;
    expect(Buffer.from(asRaw.raw ?? '', 'base64url').equals(raw)).toBe(true);
    expect(asRaw.payload).toBeUndefined();

    const recorded = (await control('GET', `/sandbox/gmail/messages/${id}`)).json as SentMail;
    expect(recorded.attachments).toEqual([
      {
        filename: 'MC-0101_콤카드.pdf',
        mimeType: 'application/pdf',
        size: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        contentId: null,
        disposition: 'attachment',
      },
    ]);

    const missing = await failure(gmail.users.messages.get({ userId: 'me', id: 'ffffffffffffffff' }));
    expect(missing.status).toBe(404);
    expect(googleError(missing)).toMatchObject({
      code: 404,
      message: 'Requested entity was not found.',
      status: 'NOT_FOUND',
      errors: [{ reason: 'notFound' }],
    });
    expect((await failure(gmail.users.messages.get({ userId: 'me', id: 'not-an-id' }))).status).toBe(400);
    expect((await failure(gmail.users.messages.get({ userId: 'me', id, format: 'everything' }))).status).toBe(400);
  });

  it('threads a recipient’s reply and the sends that answer it, and threads.get lists the thread in order', async () => {
    const gmail = await reader();
    const first = await gmail.users.messages.send({
      userId: 'me',
      requestBody: { raw: (await compose()).toString('base64url') },
    });
    const firstId = first.data.id ?? '';
    const sentMessageId =
      headerOf(
        (await gmail.users.messages.get({ userId: 'me', id: firstId, format: 'metadata' })).data.payload?.headers,
        'Message-ID',
      ) ?? '';

    const replied = await control('POST', `/sandbox/gmail/messages/${firstId}/reply`, {
      text: '네, 두 분 모두 오디션 보고 싶습니다.',
    });
    expect(replied.status).toBe(201);
    const reply = replied.json as { id: string; threadId: string; labelIds: string[] };
    expect(reply).toMatchObject({ threadId: firstId, labelIds: ['INBOX', 'UNREAD'] });

    const got = (await gmail.users.messages.get({ userId: 'me', id: reply.id })).data;
    const headers = got.payload?.headers;
    expect(headerOf(headers, 'From')).toBe(`스튜디오 하늘 <${CUSTOMER}>`);
    expect(headerOf(headers, 'To')).toBe(SEOJUN);
    expect(headerOf(headers, 'Subject')).toBe('Re: [잡캐스팅] 모델 추천드립니다');
    expect(headerOf(headers, 'In-Reply-To')).toBe(sentMessageId);
    expect(headerOf(headers, 'References')).toBe(sentMessageId);
    expect(Buffer.from(got.payload?.body?.data ?? '', 'base64url').toString('utf8')).toBe(
      '네, 두 분 모두 오디션 보고 싶습니다.',
    );
    expect(got.snippet).toBe('네, 두 분 모두 오디션 보고 싶습니다.');

    // Answering the reply (In-Reply-To) joins the thread; so does naming the thread; an unknown thread starts anew.
    const replyMessageId = headerOf(headers, 'Message-ID') ?? '';
    const answer = await compose({
      subject: 'Re: [잡캐스팅] 모델 추천드립니다',
      inReplyTo: replyMessageId,
      references: [sentMessageId, replyMessageId],
    });
    const answered = await gmail.users.messages.send({
      userId: 'me',
      requestBody: { raw: answer.toString('base64url') },
    });
    expect(answered.data.threadId).toBe(firstId);
    const named = await gmail.users.messages.send({
      userId: 'me',
      requestBody: { raw: (await compose({ subject: '추가 자료' })).toString('base64url'), threadId: firstId },
    });
    expect(named.data.threadId).toBe(firstId);
    const unknown = await gmail.users.messages.send({
      userId: 'me',
      requestBody: { raw: (await compose()).toString('base64url'), threadId: '0000000000000001' },
    });
    expect(unknown.data.threadId).toBe(unknown.data.id);

    const thread = (
      await gmail.users.threads.get({ userId: 'me', id: firstId, format: 'metadata', metadataHeaders: ['From'] })
    ).data;
    expect(thread.messages?.map((m) => m.id)).toEqual([firstId, reply.id, answered.data.id, named.data.id]);
    expect(thread.messages?.map((m) => m.labelIds)).toEqual([['SENT'], ['INBOX', 'UNREAD'], ['SENT'], ['SENT']]);
    expect(thread.messages?.[1].payload?.headers).toEqual([{ name: 'From', value: `스튜디오 하늘 <${CUSTOMER}>` }]);
    expect(thread.historyId).toBe(thread.messages?.[3].historyId);
    const ids = thread.messages?.map((m) => Number(m.historyId)) ?? [];
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(4);
    const minimal = (await gmail.users.threads.get({ userId: 'me', id: firstId, format: 'minimal' })).data;
    expect(minimal.messages?.[0].payload).toBeUndefined();
    expect((await failure(gmail.users.threads.get({ userId: 'me', id: 'ffffffffffffffff' }))).status).toBe(404);

    const profile = (await gmail.users.getProfile({ userId: 'me' })).data;
    expect(profile).toEqual({
      emailAddress: SEOJUN,
      messagesTotal: 5,
      threadsTotal: 2,
      historyId: expect.stringMatching(/^\d+$/),
    });
    expect(Number(profile.historyId)).toBeGreaterThan(Number(thread.historyId));
    expect((await control('GET', `/sandbox/gmail/mailbox?account=${SEOJUN}`)).json).toHaveLength(5);
    // The inspection list stays the sent messages.
    expect(((await control('GET', '/sandbox/gmail/messages')).json as SentMail[]).map((m) => m.threadId)).toEqual([
      unknown.data.id,
      firstId,
      firstId,
      firstId,
    ]);
  });

  it('lists messages newest first, by label and by search, as a full sync does', async () => {
    const gmail = await reader();
    const first = (
      await gmail.users.messages.send({ userId: 'me', requestBody: { raw: (await compose()).toString('base64url') } })
    ).data;
    const second = (
      await gmail.users.messages.send({
        userId: 'me',
        requestBody: {
          raw: (await compose({ to: 'pd.kim@orangefilm.kr', subject: '오렌지필름 추천' })).toString('base64url'),
        },
      })
    ).data;
    const reply = (await control('POST', `/sandbox/gmail/messages/${first.id}/reply`, {})).json as { id: string };
    const ids = async (params: Record<string, unknown>) =>
      ((await gmail.users.messages.list({ userId: 'me', ...params })).data.messages ?? []).map((m) => m.id);

    expect((await gmail.users.messages.list({ userId: 'me' })).data).toEqual({
      messages: [
        { id: reply.id, threadId: first.id },
        { id: second.id, threadId: second.id },
        { id: first.id, threadId: first.id },
      ],
      resultSizeEstimate: 3,
    });
    expect(await ids({ labelIds: ['INBOX', 'UNREAD'] })).toEqual([reply.id]);
    expect(await ids({ labelIds: ['SENT'] })).toEqual([second.id, first.id]);
    expect(await ids({ q: `from:${CUSTOMER}` })).toEqual([reply.id]);
    expect(await ids({ q: '오렌지필름' })).toEqual([second.id]);
    const messageId =
      headerOf(
        (await gmail.users.messages.get({ userId: 'me', id: second.id ?? '', format: 'metadata' })).data.payload
          ?.headers,
        'Message-ID',
      ) ?? '';
    expect(await ids({ q: `rfc822msgid:${messageId.slice(1, -1)}` })).toEqual([second.id]);
    expect((await gmail.users.messages.list({ userId: 'me', q: 'in:trash' })).data).toEqual({ resultSizeEstimate: 0 });

    const page = (await gmail.users.messages.list({ userId: 'me', maxResults: 2 })).data;
    expect(page.messages).toHaveLength(2);
    const rest = (await gmail.users.messages.list({ userId: 'me', maxResults: 2, pageToken: page.nextPageToken ?? '' }))
      .data;
    expect(rest).toEqual({ messages: [{ id: first.id, threadId: first.id }], resultSizeEstimate: 3 });

    const metadataOnly = google.gmail({
      version: 'v1',
      auth: await signIn(SEOJUN, { scope: [...SCOPES, 'https://www.googleapis.com/auth/gmail.metadata'] }),
      rootUrl,
    });
    expect((await metadataOnly.users.messages.list({ userId: 'me', labelIds: ['INBOX'] })).data.messages).toEqual([
      { id: reply.id, threadId: first.id },
    ]);
    expect(googleError(await failure(metadataOnly.users.messages.list({ userId: 'me', q: 'from:x' }))).message).toBe(
      "Metadata scope does not support 'q' parameter",
    );
  });

  it('pages history.list from a startHistoryId, by label and type, and answers 404 once that id is older than the history kept', async () => {
    const gmail = await reader();
    const start = (await gmail.users.getProfile({ userId: 'me' })).data.historyId ?? '';
    const sent = await gmail.users.messages.send({
      userId: 'me',
      requestBody: { raw: (await compose()).toString('base64url') },
    });
    const replied = (await control('POST', `/sandbox/gmail/messages/${sent.data.id}/reply`, {})).json as { id: string };
    const second = await gmail.users.messages.send({
      userId: 'me',
      requestBody: { raw: (await compose({ to: 'pd.kim@orangefilm.kr' })).toString('base64url') },
    });

    const all = (
      await gmail.users.history.list({ userId: 'me', startHistoryId: start, historyTypes: ['messageAdded'] })
    ).data;
    expect(all.history?.map((h) => h.messagesAdded?.[0].message?.id)).toEqual([
      sent.data.id,
      replied.id,
      second.data.id,
    ]);
    expect(all.history?.[1]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      messages: [{ id: replied.id, threadId: sent.data.id }],
      messagesAdded: [{ message: { id: replied.id, threadId: sent.data.id, labelIds: ['INBOX', 'UNREAD'] } }],
    });
    const recordIds = all.history?.map((h) => Number(h.id)) ?? [];
    expect(recordIds.every((id, i) => id > Number(start) && (i === 0 || id > recordIds[i - 1]))).toBe(true);
    expect(all.historyId).toBe(String(recordIds[2]));
    expect(all.nextPageToken).toBeUndefined();
    const message = (await gmail.users.messages.get({ userId: 'me', id: replied.id, format: 'minimal' })).data;
    expect(message.historyId).toBe(all.history?.[1].id);

    const inbox = (await gmail.users.history.list({ userId: 'me', startHistoryId: start, labelId: 'INBOX' })).data;
    expect(inbox.history?.map((h) => h.messages?.[0].id)).toEqual([replied.id]);
    const labelsOnly = (
      await gmail.users.history.list({ userId: 'me', startHistoryId: start, historyTypes: ['labelAdded'] })
    ).data;
    expect(labelsOnly).toEqual({ historyId: all.historyId });

    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = (await gmail.users.history.list({ userId: 'me', startHistoryId: start, maxResults: 2, pageToken }))
        .data;
      expect(page.history?.length).toBeLessThanOrEqual(2);
      seen.push(...(page.history ?? []).map((h) => h.messages?.[0].id ?? ''));
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    expect(seen).toEqual([sent.data.id, replied.id, second.data.id]);

    const later = (await gmail.users.history.list({ userId: 'me', startHistoryId: all.history?.[1].id ?? '' })).data;
    expect(later.history?.map((h) => h.messages?.[0].id)).toEqual([second.data.id]);
    expect((await gmail.users.history.list({ userId: 'me', startHistoryId: all.historyId ?? '' })).data).toEqual({
      historyId: all.historyId,
    });

    const trimmed = await control('POST', '/sandbox/gmail/history/trim', { account: SEOJUN });
    expect(trimmed.json).toEqual({ trimmed: [{ account: SEOJUN, historyId: all.historyId }] });
    const gone = await failure(gmail.users.history.list({ userId: 'me', startHistoryId: start }, { retry: false }));
    expect(gone.status).toBe(404);
    expect(googleError(gone)).toMatchObject({ code: 404, status: 'NOT_FOUND', errors: [{ reason: 'notFound' }] });
    // From the current id on, the client is in step again.
    expect((await gmail.users.history.list({ userId: 'me', startHistoryId: all.historyId ?? '' })).data).toEqual({
      historyId: all.historyId,
    });
    await control('POST', `/sandbox/gmail/messages/${second.data.id}/reply`, {});
    const after = (await gmail.users.history.list({ userId: 'me', startHistoryId: all.historyId ?? '' })).data;
    expect(after.history).toHaveLength(1);

    expect((await failure(gmail.users.history.list({ userId: 'me', startHistoryId: 'yesterday' }))).status).toBe(400);
    expect((await failure(gmail.users.history.list({ userId: 'me' }))).status).toBe(400);
  });

  it('delivers a bounce as Gmail’s mailer-daemon does: a delivery-status report in the sent message’s thread', async () => {
    const gmail = await reader();
    const raw = await compose({ to: [CUSTOMER, 'nobody@thefirstad.com'] });
    const sent = await gmail.users.messages.send({ userId: 'me', requestBody: { raw: raw.toString('base64url') } });
    const sentId = sent.data.id ?? '';
    const sentMessageId = headerOf(
      (await gmail.users.messages.get({ userId: 'me', id: sentId, format: 'metadata' })).data.payload?.headers,
      'Message-ID',
    );

    const bounced = await control('POST', `/sandbox/gmail/messages/${sentId}/bounce`, {
      recipient: 'nobody@thefirstad.com',
    });
    expect(bounced.status).toBe(201);
    const { id } = bounced.json as { id: string };
    const { data } = await gmail.users.messages.get({ userId: 'me', id });
    expect(data).toMatchObject({ threadId: sentId, labelIds: ['INBOX', 'UNREAD'] });
    const headers = data.payload?.headers;
    expect(headerOf(headers, 'From')).toBe('Mail Delivery Subsystem <mailer-daemon@googlemail.com>');
    expect(headerOf(headers, 'Subject')).toBe('Delivery Status Notification (Failure)');
    expect(headerOf(headers, 'X-Failed-Recipients')).toBe('nobody@thefirstad.com');
    expect(headerOf(headers, 'In-Reply-To')).toBe(sentMessageId);
    expect(headerOf(headers, 'Content-Type')).toMatch(/^multipart\/report;.*report-type=delivery-status/);
    expect(data.payload?.mimeType).toBe('multipart/report');
    const [human, status, original] = data.payload?.parts ?? [];
    const text = (part: typeof human) => Buffer.from(part.body?.data ?? '', 'base64url').toString('utf8');
    expect(human.mimeType).toBe('text/plain');
    expect(text(human)).toContain(
      "Your message wasn't delivered to nobody@thefirstad.com because the address couldn't be found",
    );
    expect(status.mimeType).toBe('message/delivery-status');
    const fields = text(status);
    expect(fields).toMatch(/^Reporting-MTA: dns; googlemail\.com\r\n/);
    expect(fields).toContain('Final-Recipient: rfc822; nobody@thefirstad.com\r\nAction: failed\r\nStatus: 5.1.1\r\n');
    expect(fields).toMatch(
      /\r\nDiagnostic-Code: smtp; 550-5\.1\.1 The email account that you tried to reach does not exist\./,
    );
    expect(original.mimeType).toBe('text/rfc822-headers');
    expect(text(original)).toContain(`Message-ID: ${sentMessageId}`);
    expect(text(original)).toContain(`To: ${CUSTOMER}, nobody@thefirstad.com\r\n`);

    const custom = await control('POST', `/sandbox/gmail/messages/${sentId}/bounce`, {
      recipient: CUSTOMER,
      status: '5.2.2',
      diagnostic: '552 5.2.2 Mailbox full',
    });
    const full = (await gmail.users.messages.get({ userId: 'me', id: (custom.json as { id: string }).id })).data;
    expect(text(full.payload?.parts?.[1] ?? {})).toContain(
      'Status: 5.2.2\r\nRemote-MTA: dns; studio-haneul.co.kr\r\nDiagnostic-Code: smtp; 552 5.2.2 Mailbox full\r\n',
    );

    expect(
      (await control('POST', `/sandbox/gmail/messages/${sentId}/bounce`, { recipient: 'stranger@example.com' })).status,
    ).toBe(400);
    expect((await control('POST', `/sandbox/gmail/messages/${sentId}/bounce`, { status: 'five' })).status).toBe(400);
    expect((await control('POST', '/sandbox/gmail/messages/ffffffffffffffff/bounce', {})).status).toBe(404);
    expect((await control('POST', `/sandbox/gmail/messages/${sentId}/reply`, { from: 'not an address' })).status).toBe(
      400,
    );
  });

  it('reads only with a read scope: gmail.send alone is refused, and gmail.metadata refuses the full and raw formats', async () => {
    const sender = await reader([...SCOPES]);
    const sent = await sender.users.messages.send({
      userId: 'me',
      requestBody: { raw: (await compose()).toString('base64url') },
    });
    const id = sent.data.id ?? '';
    for (const call of [
      sender.users.messages.get({ userId: 'me', id }),
      sender.users.getProfile({ userId: 'me' }),
      sender.users.history.list({ userId: 'me', startHistoryId: '1' }),
    ]) {
      const caught = await failure(call);
      expect(caught.status).toBe(403);
      expect(googleError(caught)).toMatchObject({
        message: 'Request had insufficient authentication scopes.',
        status: 'PERMISSION_DENIED',
        errors: [{ reason: 'insufficientPermissions' }],
      });
    }

    const consentPage = await (
      await fetch(
        oauthClient().generateAuthUrl({
          scope: ['https://www.googleapis.com/auth/gmail.metadata', 'https://www.googleapis.com/auth/gmail.readonly'],
        }),
      )
    ).text();
    expect(consentPage).toContain('이메일 메시지 메타데이터(라벨, 헤더 등) 보기');
    expect(consentPage).toContain('Gmail 메일 및 설정 보기');
    const metadataClient = await signIn(SEOJUN, {
      scope: [...SCOPES, 'https://www.googleapis.com/auth/gmail.metadata'],
    });
    expect(metadataClient.credentials.scope?.split(' ')).toContain('https://www.googleapis.com/auth/gmail.metadata');
    const metadataOnly = google.gmail({ version: 'v1', auth: metadataClient, rootUrl });
    const full = await failure(metadataOnly.users.messages.get({ userId: 'me', id }));
    expect(full.status).toBe(403);
    expect(googleError(full)).toMatchObject({
      message: "Metadata scope doesn't allow format FULL",
      status: 'PERMISSION_DENIED',
      errors: [{ reason: 'forbidden' }],
    });
    expect(
      googleError(await failure(metadataOnly.users.threads.get({ userId: 'me', id, format: 'raw' }))).message,
    ).toBe("Metadata scope doesn't allow format RAW");
    const metadata = await metadataOnly.users.messages.get({
      userId: 'me',
      id,
      format: 'metadata',
      metadataHeaders: ['Subject'],
    });
    expect(metadata.data.payload?.headers).toEqual([{ name: 'Subject', value: '[잡캐스팅] 모델 추천드립니다' }]);
    expect((await metadataOnly.users.getProfile({ userId: 'me' })).data.messagesTotal).toBe(1);

    // Another account's mailbox is not this token's to read.
    const other = await failure((await reader()).users.messages.get({ userId: JIHYUN, id }));
    expect(other.status).toBe(403);
  });
});

describe('Gmail sending limits', () => {
  async function sendOne(gmail: ReturnType<typeof google.gmail>, to = 'casting@studio-haneul.co.kr') {
    const raw = Buffer.from(`From: ${SEOJUN}\r\nTo: ${to}\r\nSubject: hi\r\n\r\nhello`).toString('base64url');
    return gmail.users.messages.send({ userId: 'me', requestBody: { raw } });
  }

  it('answers an account sending too fast with Gmail’s 429 and the time to retry, on messages.send only', async () => {
    const client = await signIn(SEOJUN);
    const gmail = google.gmail({ version: 'v1', auth: client, rootUrl });
    const added = await control('POST', '/sandbox/faults', {
      kind: 'sending_rate_limit_429',
      account: SEOJUN,
      retryAfterSeconds: 120,
    });
    expect(added.status).toBe(201);
    // Drive is not a send: the fault waits for one.
    expect((await google.drive({ version: 'v3', auth: client, rootUrl }).files.list({ pageSize: 1 })).status).toBe(200);

    const before = Date.now();
    const caught = await failure(sendOne(gmail));
    const after = Date.now();
    expect(caught.status).toBe(429);
    const error = googleError(caught);
    expect(error).toMatchObject({
      code: 429,
      status: 'RESOURCE_EXHAUSTED',
      errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits' }],
    });
    const match = /^User-rate limit exceeded\. {2}Retry after (\S+) \(Mail sending\)$/.exec(error.message);
    expect(match).not.toBeNull();
    const retryAt = Date.parse(match?.[1] ?? '');
    expect(retryAt).toBeGreaterThanOrEqual(before + 120_000 - 1000);
    expect(retryAt).toBeLessThanOrEqual(after + 120_000);
    expect((await control('GET', '/sandbox/gmail/messages')).json).toEqual([]);
    expect((await sendOne(gmail)).status).toBe(200);

    // The upload endpoint is a send too.
    await control('POST', '/sandbox/faults', { kind: 'sending_rate_limit_429' });
    const media = { mimeType: 'message/rfc822', body: `From: ${SEOJUN}\r\nTo: a@b.co\r\nSubject: hi\r\n\r\nhello` };
    const upload = await failure(gmail.users.messages.send({ userId: 'me', requestBody: {}, media }, { rootUrl }));
    expect(upload.status).toBe(429);
    expect(googleError(upload).message).toMatch(/\(Mail sending\)$/);
  });

  it('answers the daily limit alike, with the retry time when the oldest send of the last 24 hours leaves the window, and counts sends per account', async () => {
    const client = await signIn(SEOJUN);
    const gmail = google.gmail({ version: 'v1', auth: client, rootUrl });
    const start = Date.now();
    await sendOne(gmail);
    const raw = Buffer.from(
      `From: ${SEOJUN}\r\nTo: a@studio-haneul.co.kr, b@studio-haneul.co.kr\r\nCc: c@studio-haneul.co.kr\r\nSubject: hi\r\n\r\nhello`,
    ).toString('base64url');
    await gmail.users.messages.send({ userId: 'me', requestBody: { raw } });
    const [oldest] = ((await control('GET', '/sandbox/gmail/messages')).json as SentMail[]).slice(-1);

    await control('POST', '/sandbox/faults', { kind: 'daily_sending_limit_429', times: 0 });
    const caught = await failure(sendOne(gmail));
    expect(caught.status).toBe(429);
    const match = /^User-rate limit exceeded\. {2}Retry after (\S+) \(Mail sending\)$/.exec(
      googleError(caught).message,
    );
    expect(Date.parse(match?.[1] ?? '')).toBe(Date.parse(oldest.sentAt) + 86_400_000);
    expect(Date.parse(oldest.sentAt)).toBeGreaterThanOrEqual(start);

    const accounts = (await control('GET', '/sandbox/gmail/accounts')).json as {
      account: string;
      sentLast24Hours: number;
      recipientsLast24Hours: number;
    }[];
    expect(accounts.find((a) => a.account === SEOJUN)).toMatchObject({ sentLast24Hours: 2, recipientsLast24Hours: 4 });
    expect(accounts.find((a) => a.account === JIHYUN)).toMatchObject({ sentLast24Hours: 0, recipientsLast24Hours: 0 });

    expect((await control('POST', '/sandbox/faults', { kind: 'rate_limit_403', retryAfterSeconds: 60 })).status).toBe(
      400,
    );
    expect(
      (await control('POST', '/sandbox/faults', { kind: 'sending_rate_limit_429', retryAfterSeconds: -1 })).status,
    ).toBe(400);
  });
});

describe('faults', () => {
  async function addFault(fault: Record<string, unknown>): Promise<string> {
    const response = await control('POST', '/sandbox/faults', fault);
    expect(response.status).toBe(201);
    return (response.json as { id: string }).id;
  }

  it.each([
    ['rate_limit_403', {}, 403, 'rateLimitExceeded', 'PERMISSION_DENIED'],
    ['rate_limit_403', { reason: 'userRateLimitExceeded' }, 403, 'userRateLimitExceeded', 'PERMISSION_DENIED'],
    ['daily_limit_403', {}, 403, 'dailyLimitExceeded', 'PERMISSION_DENIED'],
    ['too_many_requests_429', {}, 429, 'rateLimitExceeded', 'RESOURCE_EXHAUSTED'],
    ['server_error_500', {}, 500, 'backendError', 'INTERNAL'],
  ])('%s %j surfaces in googleapis as %i %s', async (kind, extra, status, reason, googleStatus) => {
    const client = await signIn(JIHYUN);
    await addFault({ kind, path: '/drive/', ...extra });
    const drive = google.drive({ version: 'v3', auth: client, rootUrl });
    const caught = await failure(drive.files.list({}, { retry: false }));
    expect(caught.status).toBe(status);
    expect(googleError(caught)).toMatchObject({ code: status, status: googleStatus, errors: [{ reason }] });
    // times defaults to 1: the next call goes through.
    expect((await drive.files.list({ pageSize: 1 })).status).toBe(200);
  });

  it('lets googleapis retry 429 and 500 on its own (retry is on by default)', async () => {
    const client = await signIn(JIHYUN);
    await addFault({ kind: 'too_many_requests_429', path: '/v4/' });
    const sheets = google.sheets({ version: 'v4', auth: client, rootUrl });
    const { data } = await sheets.spreadsheets.values.get({
      spreadsheetId: SEED.modelsSpreadsheetId,
      range: '모델!A1:B2',
    });
    expect(data.values).toHaveLength(2);
    expect((await control('GET', '/sandbox/faults')).json).toEqual([]);
  });

  it("outlasts the clients' own recovery: times counts the API's answers, past a refresh on 403 and the retries of 429 and 5xx", async () => {
    // The back end's clients: a refresh and one more try on a 401 or 403, two retries of a GET on 429 and 5xx.
    const client = await signIn(JIHYUN, { forceRefreshOnFailure: true });
    const drive = google.drive({
      version: 'v3',
      auth: client,
      rootUrl,
      retryConfig: {
        retry: 2,
        retryDelay: 10,
        statusCodesToRetry: [
          [429, 429],
          [500, 599],
        ],
      },
    });
    const hits = async () =>
      ((await control('GET', '/sandbox/faults')).json as unknown as { hits: number }[]).map((fault) => fault.hits);

    // A fault without a path is the APIs': the refresh between the two tries goes through, the second try meets it.
    await addFault({ kind: 'daily_limit_403', times: 0 });
    const limited = await failure(drive.files.list({ pageSize: 1 }));
    expect(limited.status).toBe(403);
    expect(googleError(limited)).toMatchObject({ errors: [{ reason: 'dailyLimitExceeded' }] });
    expect(await hits()).toEqual([2]);
    await control('DELETE', '/sandbox/faults');
    // Twice covers the refresh; once is ridden out by it.
    await addFault({ kind: 'rate_limit_403', times: 2 });
    expect((await failure(drive.files.list({ pageSize: 1 }))).status).toBe(403);
    await addFault({ kind: 'rate_limit_403', times: 1 });
    expect((await drive.files.list({ pageSize: 1 })).status).toBe(200);

    // Three times covers a GET's two retries; twice is ridden out by them.
    await addFault({ kind: 'server_error_500', path: '/drive/', times: 3 });
    expect((await failure(drive.files.list({ pageSize: 1 }))).status).toBe(500);
    await addFault({ kind: 'too_many_requests_429', path: '/drive/', times: 2 });
    expect((await drive.files.list({ pageSize: 1 })).status).toBe(200);
    expect(await hits()).toEqual([]);

    // The OAuth endpoints only when the path names them.
    await addFault({ kind: 'rate_limit_403', times: 0 });
    expect((await client.refreshAccessToken()).credentials.access_token).toBeTruthy();
    expect(await hits()).toEqual([0]);
    await addFault({ kind: 'rate_limit_403', path: '/token', times: 0 });
    expect((await failure(client.refreshAccessToken())).data).toEqual({
      error: 'rate_limit_exceeded',
      error_description: 'Rate limit exceeded.',
    });
    expect(await hits()).toEqual([0, 1]);
  });

  it('aims faults at one account and one path, and keeps them until cleared with times 0', async () => {
    const jihyun = await signIn(JIHYUN);
    const sumin = await signIn(SUMIN);
    await addFault({ kind: 'server_error_500', account: SUMIN, path: '/drive/', times: 0 });
    const driveOf = (client: OAuth2Client) => google.drive({ version: 'v3', auth: client, rootUrl });
    expect((await driveOf(jihyun).files.list({ pageSize: 1 }, { retry: false })).status).toBe(200);
    expect((await failure(driveOf(sumin).files.list({ pageSize: 1 }, { retry: false }))).status).toBe(500);
    expect((await failure(driveOf(sumin).files.list({ pageSize: 1 }, { retry: false }))).status).toBe(500);
    const sheets = google.sheets({ version: 'v4', auth: sumin, rootUrl });
    expect((await sheets.spreadsheets.get({ spreadsheetId: SEED.postsSpreadsheetId })).status).toBe(200);
    await control('DELETE', '/sandbox/faults');
    expect((await driveOf(sumin).files.list({ pageSize: 1 })).status).toBe(200);
  });

  it('slow delays the answer; a client timeout gives up', async () => {
    const client = await signIn(JIHYUN);
    const drive = google.drive({ version: 'v3', auth: client, rootUrl });
    await addFault({ kind: 'slow', path: '/drive/', delayMs: 300 });
    const started = Date.now();
    await drive.files.list({ pageSize: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);

    await addFault({ kind: 'slow', path: '/drive/', delayMs: 5000 });
    const caught = await failure(drive.files.list({ pageSize: 1 }, { timeout: 200, retry: false }));
    expect(caught.status).toBeUndefined();
  });

  it('invalid_grant fails the next refresh and revokes the account’s refresh tokens', async () => {
    const client = await signIn(SUMIN, { forceRefreshOnFailure: true });
    const other = await signIn(SUMIN);
    await addFault({ kind: 'invalid_grant', account: SUMIN });
    // An API call with a valid token does not trip it; only a refresh grant does.
    const drive = google.drive({ version: 'v3', auth: client, rootUrl });
    expect((await drive.files.list({ pageSize: 1 })).status).toBe(200);
    await control('POST', '/sandbox/tokens/expire', { account: SUMIN });
    const caught = await failure(drive.files.list({ pageSize: 1 }));
    expect(caught.status).toBe(400);
    expect(caught.data).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    expect(caught.message).toBe('invalid_grant');

    const again = await failure(other.refreshAccessToken());
    expect(again.data.error).toBe('invalid_grant');
  });

  it('rejects an unknown fault kind', async () => {
    const response = await control('POST', '/sandbox/faults', { kind: 'meteor' });
    expect(response.status).toBe(400);
  });
});

describe('sandbox pages', () => {
  it('serves the index page with accounts, drive tree, sheets and sent mails', async () => {
    const response = await fetch(`${sandbox.url}/sandbox`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of ['김지현', '캐스팅 공고', '2026 캐스팅 공고', '모델 리스트', '보낸 메일'])
      expect(html).toContain(text);
  });

  it('shows the shared drive, the files shared by link and the mail received', async () => {
    const gmail = google.gmail({ version: 'v1', auth: await signIn(SUMIN), rootUrl });
    const raw = Buffer.from(
      `From: ${SUMIN}\r\nTo: hello@thefirstad.com\r\nSubject: =?UTF-8?B?${Buffer.from('모델 추천').toString('base64')}?=\r\n\r\nhello`,
    ).toString('base64url');
    const sent = await gmail.users.messages.send({ userId: 'me', requestBody: { raw } });
    await control('POST', `/sandbox/gmail/messages/${sent.data.id}/reply`, { name: '박미정 실장' });
    const html = await (await fetch(`${sandbox.url}/sandbox`)).text();
    expect(html).toContain('공유 드라이브: 잡캐스팅 팀 드라이브');
    expect(html).toContain('MC-0101 콤카드.pdf</a> <span class="muted">(링크가 있는 모든 사용자)</span>');
    expect(html).toContain('받은 메일 (1)');
    expect(html).toContain('박미정 실장 &lt;hello@thefirstad.com&gt;');
    expect(html).toContain('Re: 모델 추천');
    expect(html).not.toContain('=?UTF-8?');
  });

  it('escapes hostile cells in the sheet preview', async () => {
    const response = await fetch(
      `${sandbox.url}/sandbox/spreadsheets/${SEED.postsSpreadsheetId}/sheets/${encodeURIComponent('공고')}`,
    );
    const html = await response.text();
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain("<script>alert('xss')</script>");
  });
});

describe('data folder', () => {
  let folderSandbox: GoogleSandbox;
  beforeAll(async () => {
    folderSandbox = await startGoogleSandbox({
      dataDir: exampleData,
      clientId: 'folder-client',
      clientSecret: 'folder-secret',
    });
  });
  afterAll(async () => {
    await folderSandbox?.close();
  });

  it('serves the example folder: its accounts, tree and CSV sheets', async () => {
    const client = new OAuth2Client({
      clientId: 'folder-client',
      clientSecret: 'folder-secret',
      redirectUri: REDIRECT_URI,
      endpoints: oauthEndpoints(folderSandbox.url),
    });
    const authUrl = client.generateAuthUrl({ access_type: 'offline', scope: SCOPES, state: 'x' });
    const authorize = (await (await fetch(authUrl, { headers: { accept: 'application/json' } })).json()) as {
      accounts: { email: string; approveUrl: string }[];
    };
    expect(authorize.accounts.map((a) => a.email)).toEqual(['casting.jihyun@gmail.com', 'hana.office@gmail.com']);
    const approve = await fetch(authorize.accounts[1].approveUrl, { redirect: 'manual' });
    const code = new URL(approve.headers.get('location') ?? '').searchParams.get('code') ?? '';
    client.setCredentials((await client.getToken(code)).tokens);
    const folderRoot = `${folderSandbox.url}/`;

    const me = await google.oauth2({ version: 'v2', auth: client, rootUrl: folderRoot }).userinfo.get();
    expect(me.data).toMatchObject({
      email: 'hana.office@gmail.com',
      name: '정하나',
      given_name: '하나',
      family_name: '정',
    });

    const drive = google.drive({ version: 'v3', auth: client, rootUrl: folderRoot });
    const top = await drive.files.list({
      q: "'root' in parents",
      orderBy: 'folder,name',
      fields: 'files(id,name,mimeType,modifiedTime)',
    });
    expect(top.data.files?.map((f) => f.name)).toEqual(['모델 카드', '캐스팅 공고', '업무 메모', '출연 계약서.pdf']);
    expect(top.data.files?.find((f) => f.name === '출연 계약서.pdf')).toMatchObject({
      mimeType: 'application/pdf',
      modifiedTime: '2026-10-02T08:00:00.000Z',
    });
    const found = await drive.files.list({
      q: "name contains '예시' and mimeType = 'application/vnd.google-apps.spreadsheet'",
      orderBy: 'name',
      fields: 'files(id,name)',
    });
    expect(found.data.files?.map((f) => f.name)).toEqual(['예시 모델 리스트', '예시 캐스팅 공고']);
    const postsId = found.data.files?.[1].id ?? '';
    const photo = await drive.files.get({ fileId: '1ExampleAnastasiaPetrovaPhoto01', fields: 'name,mimeType' });
    expect(photo.data).toEqual({ name: 'MC-0101_Anastasia Petrova.jpg', mimeType: 'image/jpeg' });

    const sheets = google.sheets({ version: 'v4', auth: client, rootUrl: folderRoot });
    const { data } = await sheets.spreadsheets.values.get({ spreadsheetId: postsId, range: '공고' });
    const values = data.values as string[][];
    expect(values[0]).toEqual(POST_HEADER_ROW_KO);
    expect(values).toHaveLength(4);
    expect(values[2][1]).toBe('광고 "커피 CF" 남녀 모델, 외국인 가능');
    expect(values[2][4]).toBe('남녀 ');
    expect(values[2][15]).toBe('<ul>\n<li>20~30대</li>\n<li>외국인 가능</li>\n</ul>');
    expect(values[3][0]).toBe('');
    expect(values[3][7]).toBe('150,000원');
  });
});

describe('CLI', () => {
  it('prints its address and stops cleanly on SIGINT', async () => {
    const main = fileURLToPath(new URL('./google/main.ts', import.meta.url));
    const child = spawn(process.execPath, [main, '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Google sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) resolve(match[1]);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
    });
    expect((await fetch(`${url}/sandbox/accounts`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});

describe('grants file', () => {
  it('honours the refresh tokens it issued after a restart, keeps revoked ones revoked, and forgets them on reset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jc-grants-'));
    const grantsFile = join(dir, 'grants.json');
    const refreshWith = async (url: string, refreshToken: string) =>
      fetch(`${url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: DEFAULT_CLIENT_ID,
          client_secret: DEFAULT_CLIENT_SECRET,
        }),
      });
    const connect = async (url: string, email: string) => {
      const client = new OAuth2Client({
        clientId: DEFAULT_CLIENT_ID,
        clientSecret: DEFAULT_CLIENT_SECRET,
        redirectUri: REDIRECT_URI,
        endpoints: oauthEndpoints(url),
      });
      const authUrl = client.generateAuthUrl({ access_type: 'offline', scope: SCOPES, state: 'x' });
      const authorize = (await (await fetch(authUrl, { headers: { accept: 'application/json' } })).json()) as {
        accounts: { email: string; approveUrl: string }[];
      };
      const approve = await fetch(authorize.accounts.find((a) => a.email === email)!.approveUrl, {
        redirect: 'manual',
      });
      const { tokens } = await client.getToken(
        new URL(approve.headers.get('location') ?? '').searchParams.get('code') ?? '',
      );
      return tokens.refresh_token!;
    };
    try {
      const first = await startGoogleSandbox({ grantsFile });
      const kept = await connect(first.url, JIHYUN);
      const revoked = await connect(first.url, SEOJUN);
      expect((await fetch(`${first.url}/revoke?token=${revoked}`, { method: 'POST' })).status).toBe(200);
      await first.close();

      const second = await startGoogleSandbox({ grantsFile });
      try {
        expect((await refreshWith(second.url, kept)).status).toBe(200);
        expect(await (await refreshWith(second.url, revoked)).json()).toMatchObject({ error: 'invalid_grant' });
        await fetch(`${second.url}/sandbox/reset`, { method: 'POST' });
        expect((await refreshWith(second.url, kept)).status).toBe(400);
      } finally {
        await second.close();
      }
      // Without the file, nothing carries over.
      const third = await startGoogleSandbox();
      try {
        expect((await refreshWith(third.url, kept)).status).toBe(400);
      } finally {
        await third.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
