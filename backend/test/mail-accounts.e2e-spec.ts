// Mail accounts against the local Google sandbox: the OAuth round trip, the stored account, Drive listing and
// Google's failures, through the API with a real PostgreSQL, Redis and the sandbox (nothing of ours mocked).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import pg from 'pg';
import { SecretBox } from '../src/platform/crypto/secret-box.js';
import {
  approveAtSandbox,
  connectSandboxAccount,
  finishConnect,
  googleSandboxConfig,
  SAMPLE_ACCOUNTS,
  SAMPLE_ACCOUNT_EMAILS,
  SEED,
  type SandboxConsent,
  startConnect,
  startGoogleSandboxForTests,
  type TestGoogleSandbox,
} from './support/google-sandbox.js';
import { bearer, startTestApp, startTestAppWith, SUPERADMIN, type TestApp } from './support/test-app.js';

const API = '/backend/api/v1';
const CALLBACK_PATH = `${API}/google-auth/callback`;
const FOLDER = 'application/vnd.google-apps.folder';
const SCOPES = [
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/gmail.send',
  'https://www.googleapis.com/auth/spreadsheets.readonly',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
];
const STATE_REFUSED = 'This Google sign-in link has expired or was already used. Please connect again.';
const [JIHYUN, SEOJUN, SUMIN] = SAMPLE_ACCOUNT_EMAILS;
const STAFF = { email: 'kim.admin@jobcasting.test', password: 'Admin-password-1' };

interface AccountBody {
  id: number;
  name: string;
  email: string;
  picture: string | null;
  needsReauth: boolean;
  createdAt: string;
}
interface FileBody {
  id: string;
  name: string;
  mimeType: string;
  modifiedTime: string | null;
  thumbnailLink: string | null;
}
interface AccountRow {
  id: number;
  email: string;
  refresh_token_encrypted: string;
  needs_reauth: boolean;
  connected_by_id: number | null;
  scopes: string;
  updated_at: Date;
}

const collator = new Intl.Collator('ko', { numeric: true, sensitivity: 'base' });

/** Folders first, then names in order within each group. */
function expectFolderFirstByName(files: FileBody[]): void {
  const firstFile = files.findIndex((file) => file.mimeType !== FOLDER);
  const folders = firstFile < 0 ? files : files.slice(0, firstFile);
  const others = firstFile < 0 ? [] : files.slice(firstFile);
  expect(others.some((file) => file.mimeType === FOLDER)).toBe(false);
  for (const group of [folders, others]) {
    expect(group.map((file) => file.name)).toEqual([...group.map((file) => file.name)].sort(collator.compare));
  }
}

/** The sandbox's OAuth and control endpoints, as a browser or an operator would call them. */
function sandboxClient(sandbox: () => TestGoogleSandbox) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sandbox().url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    call,
    fault: (fault: { kind: string; path?: string; account?: string; times?: number }) =>
      call('POST', '/sandbox/faults', fault),
    /** A refresh-token grant, as Google's clients make it: 200 with a new access token, or 400 invalid_grant. */
    refresh: async (refreshToken: string) => {
      const response = await fetch(`${sandbox().url}/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: 'sandbox-client-id',
          client_secret: 'sandbox-client-secret',
        }),
      });
      return { status: response.status, body: await response.json() };
    },
  };
}

describe('mail accounts (Google sandbox)', () => {
  let sandbox: TestGoogleSandbox;
  let t: TestApp;
  let db: pg.Client;
  let token: string;
  let superId: number;
  let staffToken: string;
  let staffId: number;
  const google = sandboxClient(() => sandbox);

  beforeAll(async () => {
    sandbox = await startGoogleSandboxForTests();
    t = await startTestApp(googleSandboxConfig(sandbox.url));
    db = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await db.connect();
    ({
      token,
      user: { id: superId },
    } = await t.login(SUPERADMIN.email, SUPERADMIN.password));
    staffId = await t.createUser(STAFF);
    staffToken = (await t.login(STAFF.email, STAFF.password)).token;
  });

  beforeEach(async () => {
    // Every test starts with no account connected and a fresh sandbox (tokens, codes and faults forgotten).
    await db.query('delete from mail_account');
    await google.call('POST', '/sandbox/reset');
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
    await sandbox?.close();
  });

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, as: string | null = token) =>
    t.request({ method, url: `${API}/${path}`, headers: as ? bearer(as) : {} });
  const listAccounts = async (): Promise<AccountBody[]> => (await api('GET', 'google-auth/accounts')).json();
  const rows = async (): Promise<AccountRow[]> =>
    (await db.query<AccountRow>('select * from mail_account order by id')).rows;
  const refreshTokenOf = (row: AccountRow) => new SecretBox(t.config.ENCRYPTION_KEY).open(row.refresh_token_encrypted);
  const files = (accountId: number, query: Record<string, string> = {}) =>
    api('GET', `google-auth/files/${accountId}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`);

  describe('connecting', () => {
    it('stores the account Google authorised, with its profile, and keeps the refresh token only encrypted', async () => {
      const id = await connectSandboxAccount(t, token, JIHYUN);

      const sample = SAMPLE_ACCOUNTS.find((account) => account.email === JIHYUN)!;
      const accounts = await listAccounts();
      expect(accounts).toEqual([
        {
          id,
          name: sample.name,
          email: JIHYUN,
          picture: `${sandbox.url}/sandbox/avatars/${sample.id}`,
          needsReauth: false,
          canReadReplies: true,
          createdAt: expect.any(String),
          // A gmail.com account: the consumer limit, nothing sent yet.
          dailyLimit: 500,
          sentLast24h: 0,
          remainingToday: 500,
        },
      ]);

      const [row] = await rows();
      const refreshToken = refreshTokenOf(row);
      // The stored value opens (with ENCRYPTION_KEY) to a live refresh token, which appears nowhere in the row.
      expect((await google.refresh(refreshToken)).status).toBe(200);
      expect(row.refresh_token_encrypted).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toContain(refreshToken);
      expect(row.connected_by_id).toBe(superId);
      expect(row.scopes.split(' ').sort()).toEqual(SCOPES);
      // Nor does any answer carry it.
      expect(JSON.stringify(accounts)).not.toMatch(/refresh|token/i);
    });

    it('asks Google for offline access, a consent prompt and exactly the product scopes, and binds the browser', async () => {
      const response = await api('POST', 'google-auth/connect');
      expect(response.statusCode).toBe(200);
      const authUrl = new URL(response.json().authUrl);
      expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${sandbox.url}/o/oauth2/v2/auth`);
      const query = authUrl.searchParams;
      expect(query.get('access_type')).toBe('offline');
      expect(query.get('prompt')).toBe('consent');
      expect(query.get('response_type')).toBe('code');
      expect(query.get('client_id')).toBe('sandbox-client-id');
      expect(query.get('redirect_uri')).toBe(`${t.config.PUBLIC_URL}${CALLBACK_PATH}`);
      expect(query.get('scope')!.split(' ').sort()).toEqual(SCOPES);
      expect(query.get('state')).toBeTruthy();
      expect(query.has('login_hint')).toBe(false);
      // Where Google comes back: the app has to be used from there for the sign-in to return signed in.
      expect(response.json().appOrigin).toBe(new URL(t.config.PUBLIC_URL).origin);

      const cookie = response.cookies.find((c) => c.name === 'jc_google_connect')!;
      expect(cookie).toMatchObject({ path: CALLBACK_PATH, httpOnly: true, sameSite: 'Lax', maxAge: 600 });
    });

    it('comes back to the accounts page with the outcome, and clears the browser-binding cookie', async () => {
      const { authUrl, cookie } = await startConnect(t, token);
      const response = await t.request({
        method: 'GET',
        url: await approveAtSandbox(authUrl, SEOJUN),
        headers: { cookie },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/admin/email-accounts?connected=${encodeURIComponent(SEOJUN)}`);
      expect(response.cookies.find((c) => c.name === 'jc_google_connect')).toMatchObject({
        value: '',
        path: CALLBACK_PATH,
      });
    });

    it('reports a cancelled consent and stores nothing', async () => {
      const { authUrl, cookie } = await startConnect(t, token);
      const consent = (await (
        await fetch(authUrl, { headers: { accept: 'application/json' } })
      ).json()) as SandboxConsent;
      const denied = await fetch(consent.cancelUrl, { redirect: 'manual' });
      const callback = new URL(denied.headers.get('location')!);
      const outcome = await finishConnect(t, `${callback.pathname}${callback.search}`, cookie);
      expect(outcome.get('connectError')).toBe('Google sign-in was cancelled.');
      expect(await rows()).toEqual([]);
    });

    it('marks the way back for a consent opened in a pop-up (window=popup), approved or cancelled, and only then', async () => {
      const popup = await startConnect(t, token, 'google-auth/connect?window=popup');
      const approved = await finishConnect(t, await approveAtSandbox(popup.authUrl, JIHYUN), popup.cookie);
      expect(Object.fromEntries(approved)).toEqual({ connected: JIHYUN, window: 'popup' });

      const id = (await rows())[0].id;
      const again = await startConnect(t, token, `google-auth/reauthenticate/${id}?window=popup`, 'GET');
      const consent = (await (
        await fetch(again.authUrl, { headers: { accept: 'application/json' } })
      ).json()) as SandboxConsent;
      const denied = new URL((await fetch(consent.cancelUrl, { redirect: 'manual' })).headers.get('location')!);
      const cancelled = await finishConnect(t, `${denied.pathname}${denied.search}`, again.cookie);
      expect(Object.fromEntries(cancelled)).toEqual({ connectError: 'Google sign-in was cancelled.', window: 'popup' });

      const page = await startConnect(t, token);
      const inPage = await finishConnect(t, await approveAtSandbox(page.authUrl, JIHYUN), page.cookie);
      expect(Object.fromEntries(inPage)).toEqual({ connected: JIHYUN });
      expect((await api('POST', 'google-auth/connect?window=tab')).statusCode).toBe(400);
    });

    it('updates the account when the same e-mail connects again: one row, a new token', async () => {
      const id = await connectSandboxAccount(t, token, JIHYUN);
      const [before] = await rows();
      expect(await connectSandboxAccount(t, staffToken, JIHYUN)).toBe(id);

      const after = await rows();
      expect(after).toHaveLength(1);
      expect(after[0].id).toBe(id);
      expect(refreshTokenOf(after[0])).not.toBe(refreshTokenOf(before));
      expect(after[0].connected_by_id).toBe(staffId);
      expect(await listAccounts()).toHaveLength(1);
      // The account works with the new token.
      expect((await files(id)).statusCode).toBe(200);
    });
  });

  it("lets pages show the images of a Google stand-in at an http address (the sandbox's thumbnails and avatars)", async () => {
    const health = await t.request({ method: 'GET', url: `${API}/health` });
    const imgSrc = String(health.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('img-src'));
    expect(imgSrc).toContain(new URL(sandbox.url).origin);
  });

  describe('the OAuth state', () => {
    /** A connect approved at the sandbox, not yet brought back to our callback. */
    async function approved(as = token, email = JIHYUN) {
      const { authUrl, cookie } = await startConnect(t, as);
      const callbackPath = await approveAtSandbox(authUrl, email);
      const callback = new URL(callbackPath, 'http://app.test');
      return {
        callbackPath,
        cookie,
        state: callback.searchParams.get('state')!,
        code: callback.searchParams.get('code')!,
      };
    }
    const withState = (callbackPath: string, state: string) => {
      const url = new URL(callbackPath, 'http://app.test');
      url.searchParams.set('state', state);
      return `${url.pathname}${url.search}`;
    };
    const claimsOf = (state: string) =>
      JSON.parse(Buffer.from(state.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

    it('refuses a flow whose starter has signed out (or lost staff access) since it began', async () => {
      const session = await t.login(SUPERADMIN.email, SUPERADMIN.password);
      const { callbackPath, cookie } = await approved(session.token);
      const logout = await t.request({
        method: 'POST',
        url: `${API}/auth/logout`,
        headers: bearer(session.token),
        payload: { refreshToken: session.refreshToken },
      });
      expect(logout.statusCode).toBeLessThan(300);
      const outcome = await finishConnect(t, callbackPath, cookie);
      expect(outcome.get('connectError')).toBe(STATE_REFUSED);
      expect(await rows()).toEqual([]);
    });

    it('refuses a tampered state and stores nothing', async () => {
      const { callbackPath, cookie, state } = await approved();
      const [header, , signature] = state.split('.');
      // Claims rewritten to name another staff member, the signature kept.
      const claims = Buffer.from(JSON.stringify({ ...claimsOf(state), sub: String(staffId) })).toString('base64url');
      const outcome = await finishConnect(t, withState(callbackPath, `${header}.${claims}.${signature}`), cookie);
      expect(outcome.get('connectError')).toBe(STATE_REFUSED);
      expect(await rows()).toEqual([]);
    });

    it('refuses an expired state (signed as if issued 11 minutes ago); the fresh one still works', async () => {
      const { callbackPath, cookie, state } = await approved();
      const { exp: _exp, iat, ...claims } = claimsOf(state);
      const old = await new JwtService({ secret: t.config.JWT_SECRET }).signAsync(
        { ...claims, iat: Number(iat) - 11 * 60 },
        { algorithm: 'HS256', expiresIn: 600 },
      );
      expect(claimsOf(old).exp).toBeLessThan(Date.now() / 1000);

      const outcome = await finishConnect(t, withState(callbackPath, old), cookie);
      expect(outcome.get('connectError')).toBe(STATE_REFUSED);
      expect(await rows()).toEqual([]);
      // Same jti, same browser binding: only the age was wrong.
      expect((await finishConnect(t, callbackPath, cookie)).get('connected')).toBe(JIHYUN);
    });

    it('refuses a replayed state', async () => {
      const { callbackPath, cookie } = await approved();
      expect((await finishConnect(t, callbackPath, cookie)).get('connected')).toBe(JIHYUN);
      const [stored] = await rows();

      const replay = await finishConnect(t, callbackPath, cookie);
      expect(replay.get('connectError')).toBe(STATE_REFUSED);
      expect(await rows()).toEqual([stored]);
    });

    it('refuses the state in another browser (without the cookie), and leaves it to the browser that started', async () => {
      const { callbackPath, cookie } = await approved();
      expect((await finishConnect(t, callbackPath)).get('connectError')).toBe(STATE_REFUSED);
      expect((await finishConnect(t, callbackPath, 'jc_google_connect=forged-nonce')).get('connectError')).toBe(
        STATE_REFUSED,
      );
      expect(await rows()).toEqual([]);

      expect((await finishConnect(t, callbackPath, cookie)).get('connected')).toBe(JIHYUN);
    });

    it("refuses one staff member's state in another signed-in staff member's browser", async () => {
      const mine = await approved(token, JIHYUN);
      // The other staff member has a connect of their own going, so their browser holds a binding cookie too.
      const theirs = await startConnect(t, staffToken);
      expect((await finishConnect(t, mine.callbackPath, theirs.cookie)).get('connectError')).toBe(STATE_REFUSED);
      expect(await rows()).toEqual([]);
    });

    it('reports a code Google does not accept, with a valid state, and stores nothing', async () => {
      const { callbackPath, cookie } = await approved();
      const url = new URL(callbackPath, 'http://app.test');
      url.searchParams.set('code', 'not-a-code');
      const outcome = await finishConnect(t, `${url.pathname}${url.search}`, cookie);
      expect(outcome.get('connectError')).toBe('Failed to connect to Google. Please try again.');
      expect(await rows()).toEqual([]);
    });

    it('refuses a callback without a code or state', async () => {
      const { cookie } = await startConnect(t, token);
      expect((await finishConnect(t, CALLBACK_PATH, cookie)).get('connectError')).toBe(STATE_REFUSED);
      expect(await rows()).toEqual([]);
    });
  });

  describe('listing and roles', () => {
    it('lists the connected accounts in GET google-auth/accounts and GET user-email', async () => {
      const first = await connectSandboxAccount(t, token, JIHYUN);
      const second = await connectSandboxAccount(t, staffToken, SUMIN);
      const accounts = await listAccounts();
      expect(accounts.map((account) => [account.id, account.email])).toEqual([
        [first, JIHYUN],
        [second, SUMIN],
      ]);
      const senders = await api('GET', 'user-email', staffToken);
      expect(senders.statusCode).toBe(200);
      expect(senders.json()).toEqual(accounts);
    });

    it('answers 401 without a token and 403 to role user, on every route', async () => {
      const id = await connectSandboxAccount(t, token, JIHYUN);
      const demotedId = await t.createUser({ email: 'demoted@jobcasting.test', password: 'Demoted-password-1' });
      const demoted = (await t.login('demoted@jobcasting.test', 'Demoted-password-1')).token;
      const demote = await t.request({
        method: 'PUT',
        url: `${API}/users/${demotedId}`,
        headers: bearer(token),
        payload: { name: 'demoted', username: 'demoted', email: 'demoted@jobcasting.test', role: 'user' },
      });
      expect(demote.statusCode).toBe(200);

      const routes: ['GET' | 'POST' | 'DELETE', string][] = [
        ['POST', 'google-auth/connect'],
        ['GET', 'google-auth/accounts'],
        ['GET', 'user-email'],
        ['GET', `google-auth/reauthenticate/${id}`],
        ['GET', `google-auth/files/${id}`],
        ['DELETE', `google-auth/accounts/${id}`],
      ];
      for (const [method, path] of routes) {
        const anonymous = await api(method, path, null);
        expect([method, path, anonymous.statusCode]).toEqual([method, path, 401]);
        expect(anonymous.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
        const user = await api(method, path, demoted);
        expect([method, path, user.statusCode]).toEqual([method, path, 403]);
        expect(user.json()).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'Access denied. Admin privileges required.',
        });
      }
      expect(await rows()).toHaveLength(1);
    });
  });

  describe('re-authenticating and removing', () => {
    it('answers a new consent address with a login hint for the account, and the round trip keeps the account', async () => {
      const id = await connectSandboxAccount(t, token, SEOJUN);
      const { authUrl, cookie } = await startConnect(t, token, `google-auth/reauthenticate/${id}`, 'GET');
      const query = new URL(authUrl).searchParams;
      expect(query.get('login_hint')).toBe(SEOJUN);
      expect(query.get('access_type')).toBe('offline');
      expect(query.get('prompt')).toBe('consent');
      expect(query.get('scope')!.split(' ').sort()).toEqual(SCOPES);

      // Signed in again, and said so: the outcome is reauthenticated, not a new connection.
      const back = await finishConnect(t, await approveAtSandbox(authUrl, SEOJUN), cookie);
      expect(Object.fromEntries(back)).toEqual({ reauthenticated: SEOJUN });
      expect((await rows()).map((row) => row.id)).toEqual([id]);
    });

    it('answers 404 for an unknown account and 400 for an id that is not one', async () => {
      const unknown = await api('GET', 'google-auth/reauthenticate/999999');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Mail account not found' });
      expect((await api('GET', 'google-auth/reauthenticate/abc')).statusCode).toBe(400);
      expect((await api('DELETE', 'google-auth/accounts/999999')).statusCode).toBe(404);
      expect((await files(999999)).statusCode).toBe(404);
    });

    it('revokes the refresh token at Google, then deletes the account', async () => {
      const id = await connectSandboxAccount(t, token, JIHYUN);
      const refreshToken = refreshTokenOf((await rows())[0]);

      const removed = await api('DELETE', `google-auth/accounts/${id}`);
      expect(removed.statusCode).toBe(204);
      expect(await rows()).toEqual([]);
      expect(await listAccounts()).toEqual([]);
      expect(await google.refresh(refreshToken)).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
      });
      expect((await api('DELETE', `google-auth/accounts/${id}`)).statusCode).toBe(404);
    });

    it('deletes an account whose token Google already revoked', async () => {
      const id = await connectSandboxAccount(t, token, JIHYUN);
      await google.call('POST', `/revoke?token=${encodeURIComponent(refreshTokenOf((await rows())[0]))}`);
      expect((await api('DELETE', `google-auth/accounts/${id}`)).statusCode).toBe(204);
      expect(await rows()).toEqual([]);
    });

    it('keeps the account when Google cannot revoke it now, so no live token is forgotten', async () => {
      const id = await connectSandboxAccount(t, token, JIHYUN);
      // (A 403 rate limit, as google-auth-library retries a revoke's 429 and 5xx for seconds.)
      await google.fault({ kind: 'rate_limit_403', path: '/revoke', times: 0 });
      const removed = await api('DELETE', `google-auth/accounts/${id}`);
      expect(removed.json()).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Google is receiving too many requests for ${JIHYUN}. Please try again in a minute.`,
      });
      expect(await rows()).toHaveLength(1);

      await google.call('DELETE', '/sandbox/faults');
      expect((await api('DELETE', `google-auth/accounts/${id}`)).statusCode).toBe(204);
    });
  });

  describe('tokens', () => {
    it('refreshes an access token Google expired early, and the Drive listing still works', async () => {
      const id = await connectSandboxAccount(t, token, JIHYUN);
      expect((await files(id)).statusCode).toBe(200);
      const expired = await google.call('POST', '/sandbox/tokens/expire', { account: JIHYUN });
      expect(expired.body.expired).toBeGreaterThan(0);

      const again = await files(id);
      expect(again.statusCode).toBe(200);
      expect(again.json().length).toBeGreaterThan(0);
    });

    async function expectNeedsReauth(id: number, email: string) {
      const refused = await files(id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: `Google no longer accepts the sign-in of ${email}. Please re-authenticate the account.`,
      });
      expect((await listAccounts()).find((account) => account.id === id)).toMatchObject({ needsReauth: true });
      expect((await rows()).find((row) => row.id === id)).toMatchObject({ needs_reauth: true });
    }

    it('marks the account for re-authentication when Google answers invalid_grant (409), until it is connected again', async () => {
      const id = await connectSandboxAccount(t, token, JIHYUN);
      expect((await files(id)).statusCode).toBe(200);
      // The next refresh is refused: expire the access token so that one is needed.
      await google.fault({ kind: 'invalid_grant', path: '/token' });
      await google.call('POST', '/sandbox/tokens/expire', { account: JIHYUN });
      await expectNeedsReauth(id, JIHYUN);
      // Refused at once from then on, without asking Google (faults on its APIs and its token endpoint are never hit).
      await google.fault({ kind: 'server_error_500', times: 0 });
      await google.fault({ kind: 'server_error_500', path: '/token', times: 0 });
      expect((await files(id)).statusCode).toBe(409);
      expect((await google.call('GET', '/sandbox/faults')).body).toEqual([
        expect.objectContaining({ hits: 0 }),
        expect.objectContaining({ hits: 0 }),
      ]);
      await google.call('DELETE', '/sandbox/faults');

      // Re-authenticating clears the mark.
      const { authUrl, cookie } = await startConnect(t, token, `google-auth/reauthenticate/${id}`, 'GET');
      expect((await finishConnect(t, await approveAtSandbox(authUrl, JIHYUN), cookie)).get('reauthenticated')).toBe(
        JIHYUN,
      );
      expect(await listAccounts()).toEqual([expect.objectContaining({ id, needsReauth: false })]);
      expect((await files(id)).statusCode).toBe(200);
    });

    it("does not blame the accounts when Google refuses the server's OAuth client (503, no re-authentication)", async () => {
      const id = await connectSandboxAccount(t, token, JIHYUN);
      // The same database and Redis, deployed with a wrong client secret.
      const misconfigured = await startTestAppWith({ ...t.config, GOOGLE_CLIENT_SECRET: 'not-the-secret' });
      try {
        const response = await misconfigured.request({
          method: 'GET',
          url: `${API}/google-auth/files/${id}`,
          headers: bearer(token),
        });
        expect(response.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'Google sign-in is not set up correctly on the server. Please contact the administrator.',
        });
      } finally {
        await misconfigured.close();
      }
      expect(await listAccounts()).toEqual([expect.objectContaining({ id, needsReauth: false })]);
      expect((await files(id)).statusCode).toBe(200);
    });

    it('marks the account when its refresh token was revoked at Google, and leaves the others alone', async () => {
      const revoked = await connectSandboxAccount(t, token, JIHYUN);
      const other = await connectSandboxAccount(t, token, SEOJUN);
      const row = (await rows()).find((r) => r.id === revoked)!;
      expect((await google.call('POST', `/revoke?token=${encodeURIComponent(refreshTokenOf(row))}`)).status).toBe(200);

      await expectNeedsReauth(revoked, JIHYUN);
      expect((await files(other)).statusCode).toBe(200);
      expect((await listAccounts()).find((account) => account.id === other)).toMatchObject({ needsReauth: false });
    });
  });

  describe('Drive listing', () => {
    let accountId: number;
    beforeEach(async () => {
      accountId = await connectSandboxAccount(t, token, JIHYUN);
    });

    it('lists My Drive: folders first, then files by name, with the picker fields', async () => {
      const response = await files(accountId);
      expect(response.statusCode).toBe(200);
      const list: FileBody[] = response.json();
      expectFolderFirstByName(list);
      expect(list.filter((file) => file.mimeType === FOLDER).length).toBeGreaterThan(2);
      expect(list.some((file) => file.mimeType !== FOLDER)).toBe(true);
      expect(list).toContainEqual({
        id: SEED.castingFolderId,
        name: '캐스팅 공고',
        mimeType: FOLDER,
        modifiedTime: expect.any(String),
        thumbnailLink: null,
      });
    });

    it('lists a folder, never its trash', async () => {
      const november = await files(accountId, { folderId: SEED.november2026FolderId });
      expect(november.statusCode).toBe(200);
      const names = (november.json() as FileBody[]).map((file) => file.name);
      expect(names).toEqual(
        expect.arrayContaining([
          '달빛 정원 캐릭터 시트.pdf',
          '촬영장 약도.png',
          '공고 포스터_서울의 밤.jpg',
          '11월 공고 정리 메모',
        ]),
      );
      expectFolderFirstByName(november.json());
      const photo = (november.json() as FileBody[]).find((file) => file.name === '촬영장 약도.png')!;
      expect(photo.thumbnailLink).toMatch(/^http/);

      const casting: FileBody[] = (await files(accountId, { folderId: SEED.castingFolderId })).json();
      expect(casting.map((file) => file.name)).toEqual(expect.arrayContaining(['2025', '2026']));
      expect(casting.map((file) => file.name)).not.toContain('삭제 예정 공고 초안.docx');
      expectFolderFirstByName(casting);
    });

    it('searches by name across the Drive', async () => {
      const response = await files(accountId, { search: '공고' });
      expect(response.statusCode).toBe(200);
      const found: FileBody[] = response.json();
      expect(found.map((file) => file.name)).toEqual(
        expect.arrayContaining(['캐스팅 공고', '2026 캐스팅 공고', '공고 포스터_서울의 밤.jpg']),
      );
      expect(found.map((file) => file.name)).not.toContain('삭제 예정 공고 초안.docx');
      expect(found.every((file) => file.name.includes('공고'))).toBe(true);
      expectFolderFirstByName(found);
      expect((await files(accountId, { search: "없는 ' 이름" })).json()).toEqual([]);
    });

    it('finds files in the shared drives the account belongs to, and opens their folders', async () => {
      const found: FileBody[] = (await files(accountId, { search: 'MC-0101' })).json();
      expect(found.map((file) => file.id)).toContain(SEED.sharedPublicComcardId);
      const folder = await files(accountId, { folderId: SEED.sharedComcardFolderId });
      expect(folder.statusCode).toBe(200);
      expect((folder.json() as FileBody[]).map((file) => file.id)).toEqual(
        expect.arrayContaining([SEED.sharedPublicComcardId, SEED.sharedPrivateComcardId]),
      );
    });

    it('answers 404 for a folder Drive does not have, and 400 for a file that is not a folder', async () => {
      const response = await files(accountId, { folderId: 'no-such-folder' });
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'File not found: no-such-folder.',
      });
      const sheet = await files(accountId, { folderId: SEED.postsSpreadsheetId });
      expect(sheet.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: `Not a Google Drive folder: ${SEED.postsSpreadsheetId}`,
      });
      expect((await files(accountId, { folderId: 'root' })).statusCode).toBe(200);
    });

    it("lists a spreadsheet's tabs in their order, for the import to pick one", async () => {
      const tabs = await api('GET', `google-auth/spreadsheets/${accountId}/${SEED.postsSpreadsheetId}/tabs`);
      expect(tabs.statusCode).toBe(200);
      expect(tabs.json()).toEqual([
        { title: SEED.postsSheetName, rowCount: expect.any(Number) },
        { title: SEED.postsFieldSheetName, rowCount: expect.any(Number) },
      ]);
      expect(tabs.json()[0].rowCount).toBeGreaterThan(1);
      expect((await api('GET', `google-auth/spreadsheets/${accountId}/no-such-sheet/tabs`)).statusCode).toBe(404);
      expect(
        (await api('GET', `google-auth/spreadsheets/${accountId}/${encodeURIComponent('../x')}/tabs`)).statusCode,
      ).toBe(400);
      expect((await api('GET', `google-auth/spreadsheets/999999/${SEED.postsSpreadsheetId}/tabs`)).statusCode).toBe(
        404,
      );
    });
  });

  describe("Google's failures", () => {
    let accountId: number;
    beforeEach(async () => {
      accountId = await connectSandboxAccount(t, token, JIHYUN);
      expect((await files(accountId)).statusCode).toBe(200);
    });

    const TOO_MANY = `Google is receiving too many requests for ${JIHYUN}. Please try again in a minute.`;

    it('answers 429 for a 403 rate limit', async () => {
      await google.fault({ kind: 'rate_limit_403', path: '/drive/', times: 0 });
      const response = await files(accountId);
      expect(response.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: TOO_MANY });
    });

    it('answers 429 for a 429 that outlasts the retries', async () => {
      await google.fault({ kind: 'too_many_requests_429', path: '/drive/', times: 0 });
      const response = await files(accountId);
      expect(response.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: TOO_MANY });
    });

    it('answers 429 with its own message when the daily limit is spent', async () => {
      await google.fault({ kind: 'daily_limit_403', path: '/drive/', times: 0 });
      const response = await files(accountId);
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toBe(
        `The daily Google limit of ${JIHYUN} has been reached. Please try again tomorrow or use another account.`,
      );
    });

    it('answers 502 when Google keeps failing', async () => {
      await google.fault({ kind: 'server_error_500', path: '/drive/', times: 0 });
      const response = await files(accountId);
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        statusCode: 502,
        error: 'Bad Gateway',
        message: expect.stringMatching(/Google/),
      });
    });

    it('rides out one passing failure by retrying', async () => {
      await google.fault({ kind: 'server_error_500', path: '/drive/', times: 1 });
      await google.fault({ kind: 'too_many_requests_429', path: '/drive/', times: 1 });
      expect((await files(accountId)).statusCode).toBe(200);
      expect((await google.call('GET', '/sandbox/faults')).body).toEqual([]);
    });

    afterEach(async () => {
      // None of these is a refused sign-in.
      expect(await rows()).toEqual([expect.objectContaining({ id: accountId, needs_reauth: false })]);
    });
  });
});

describe('Drive listing beyond one page (Google sandbox with a large folder)', () => {
  const COUNT = 1_050;
  let dataDir: string;
  let sandbox: TestGoogleSandbox;
  let t: TestApp;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'jc-drive-'));
    const photos = Array.from({ length: COUNT }, (_, index) => ({ name: `사진 ${index + 1}.jpg`, type: 'image' }));
    const folders = ['나 폴더', '가 폴더'].map((name) => ({ name, type: 'folder', children: [] }));
    writeFileSync(
      join(dataDir, 'drive.json'),
      JSON.stringify({ files: [{ name: '대량', type: 'folder', id: 'bulk', children: [...photos, ...folders] }] }),
    );
    sandbox = await startGoogleSandboxForTests({ dataDir });
    t = await startTestApp(googleSandboxConfig(sandbox.url));
  });

  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('follows Drive pages and sorts the whole folder: folders first, numbers as numbers', async () => {
    const { token } = await t.login(SUPERADMIN.email, SUPERADMIN.password);
    const id = await connectSandboxAccount(t, token, JIHYUN);
    const response = await t.request({
      method: 'GET',
      url: `${API}/google-auth/files/${id}?folderId=bulk`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const names = (response.json() as FileBody[]).map((file) => file.name);
    expect(names).toHaveLength(COUNT + 2);
    expect(names.slice(0, 5)).toEqual(['가 폴더', '나 폴더', '사진 1.jpg', '사진 2.jpg', '사진 3.jpg']);
    expect(names.at(-1)).toBe(`사진 ${COUNT}.jpg`);
  });
});

describe('a Google that does not answer (GOOGLE_TIMEOUT_MS)', () => {
  let sandbox: TestGoogleSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startGoogleSandboxForTests();
    t = await startTestApp({ ...googleSandboxConfig(sandbox.url), GOOGLE_TIMEOUT_MS: '300' });
  });

  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('answers 502 after the timeout (and one retry) instead of waiting on Google', async () => {
    const { token } = await t.login(SUPERADMIN.email, SUPERADMIN.password);
    const id = await connectSandboxAccount(t, token, JIHYUN);
    const fault = await fetch(`${sandbox.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'slow', path: '/drive/', delayMs: 5_000, times: 0 }),
    });
    expect(fault.status).toBe(201);
    const started = Date.now();
    const response = await t.request({ method: 'GET', url: `${API}/google-auth/files/${id}`, headers: bearer(token) });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/Google/);
    expect(Date.now() - started).toBeLessThan(4_000);
    await fetch(`${sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  });
});
