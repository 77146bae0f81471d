// The local Google sandbox (infra/sandbox/google) for API integration tests: start it, point the app at it, and
// connect one of its sample accounts the way a browser does.
import { startGoogleSandbox } from '../../../infra/sandbox/google/server.ts';
import { googleSandboxEnv } from '../../../infra/scripts/lib/google-env.ts';
import { bearer, type TestApp } from './test-app.js';

export { SAMPLE_ACCOUNT_EMAILS, SAMPLE_ACCOUNTS, SEED } from '../../../infra/sandbox/google/server.ts';

const API = '/backend/api/v1';
/** The cookie that binds a connect to the browser that started it (google-auth.controller.ts). */
const CONNECT_COOKIE = 'jc_google_connect';

export interface TestGoogleSandbox {
  /** e.g. `http://127.0.0.1:40123`, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** A sandbox on a free port, silent: seeded, or serving a data folder (see the sandbox's README). */
export async function startGoogleSandboxForTests(options: { dataDir?: string } = {}): Promise<TestGoogleSandbox> {
  const sandbox = await startGoogleSandbox({ port: 0, dataDir: options.dataDir });
  return { url: sandbox.url, close: () => sandbox.close() };
}

/** Configuration overrides for startTestApp that send every Google call to the sandbox. */
export function googleSandboxConfig(sandboxUrl: string): Record<string, string> {
  const { PUBLIC_URL: _publicUrl, ...google } = googleSandboxEnv(sandboxUrl, 'http://localhost:3000');
  return google;
}

/** The sandbox's consent page as JSON: one approve link per sample account. */
export interface SandboxConsent {
  requestId: string;
  accounts: { email: string; name: string; approveUrl: string }[];
  cancelUrl: string;
}

/** What a browser carries through one connect: the consent page's address and the browser-binding cookie. */
export interface StartedConnect {
  authUrl: string;
  /** `jc_google_connect=…`, ready for a Cookie header. */
  cookie: string;
}

/** POST google-auth/connect (or another route answering {authUrl}) and keeps the cookie the API sets. */
export async function startConnect(
  t: TestApp,
  token: string,
  path = 'google-auth/connect',
  method: 'POST' | 'GET' = 'POST',
): Promise<StartedConnect> {
  const response = await t.request({ method, url: `${API}/${path}`, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === CONNECT_COOKIE);
  if (!cookie) throw new Error(`${method} ${path} set no ${CONNECT_COOKIE} cookie`);
  return { authUrl: response.json<{ authUrl: string }>().authUrl, cookie: `${cookie.name}=${cookie.value}` };
}

/** Opens the consent page and approves as `email`: answers our callback's path and query, as Google redirects to it. */
export async function approveAtSandbox(authUrl: string, email: string): Promise<string> {
  const consentResponse = await fetch(authUrl, { headers: { accept: 'application/json' } });
  if (!consentResponse.ok) throw new Error(`consent page: ${consentResponse.status} ${await consentResponse.text()}`);
  const consent = (await consentResponse.json()) as SandboxConsent;
  const choice = consent.accounts.find((account) => account.email === email);
  if (!choice) throw new Error(`the consent page offers no ${email}`);
  const approved = await fetch(choice.approveUrl, { redirect: 'manual' });
  const location = approved.headers.get('location');
  if (approved.status !== 302 || !location) throw new Error(`approve: ${approved.status} ${await approved.text()}`);
  const callback = new URL(location);
  return `${callback.pathname}${callback.search}`;
}

/** Our callback as the browser calls it, with or without the browser-binding cookie: answers the redirect's query. */
export async function finishConnect(t: TestApp, callbackPath: string, cookie?: string): Promise<URLSearchParams> {
  const response = await t.request({ method: 'GET', url: callbackPath, headers: cookie ? { cookie } : {} });
  if (response.statusCode !== 302) throw new Error(`callback: ${response.statusCode} ${response.body}`);
  return new URL(String(response.headers.location), 'http://app.test').searchParams;
}

/**
 * The whole OAuth round trip as a browser makes it, as the user of `token` connecting the sample account `email`;
 * answers the stored account's id.
 */
export async function connectSandboxAccount(t: TestApp, token: string, email: string): Promise<number> {
  const { authUrl, cookie } = await startConnect(t, token);
  const outcome = await finishConnect(t, await approveAtSandbox(authUrl, email), cookie);
  if (outcome.get('connected') !== email) throw new Error(`connect ${email} failed: ${outcome.toString()}`);
  const accounts = await t.request({ method: 'GET', url: `${API}/google-auth/accounts`, headers: bearer(token) });
  const account = accounts.json<{ id: number; email: string }[]>().find((a) => a.email === email);
  if (!account) throw new Error(`${email} is not among the connected accounts`);
  return account.id;
}

/**
 * A caller of the sandbox's control API (/sandbox/...), on the sandbox `url` names when it is called (tests start
 * it in beforeAll): answers its JSON, or undefined for an empty answer; a refused call throws with the answer.
 */
export function sandboxControl(url: () => string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url()}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}
