import AxeBuilder from '@axe-core/playwright';
import { createApiClient, type Schemas } from '@job-casting/contracts';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { stackEnv } from './stack.ts';

function requiredEnv(name: string): string {
  const value = stackEnv(name);
  if (!value) throw new Error(`${name} must be set for the journeys`);
  return value;
}

export const baseURL = requiredEnv('E2E_BASE_URL');
export const superadmin = { email: requiredEnv('E2E_ADMIN_EMAIL'), password: requiredEnv('E2E_ADMIN_PASSWORD') };

/** The typed API client, for arranging fixtures and checking the server's side of a journey. */
export const api = createApiClient({ baseUrl: baseURL });

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let sequence = 0;

/** A fresh identity per call, so that journeys and repeated runs never collide. */
export function uniqueUser(label: string) {
  const id = `${label}-${runId}-${++sequence}`;
  return {
    name: `E2E ${label} ${runId} ${sequence}`,
    username: id,
    email: `${id}@e2e.jobcasting.test`,
    password: `Pw-${id}-9`,
  };
}

export async function apiLogin(email: string, password: string): Promise<Schemas['AuthSessionDto']> {
  const { data, error } = await api.POST('/backend/api/v1/auth/login', { body: { email, password } });
  if (!data) throw new Error(`login of ${email} failed: ${JSON.stringify(error)}`);
  return data;
}

/** Creates an account through the API as the superadmin; returns its credentials and id. */
export async function createAccount(token: string, role: Schemas['UserDto']['role'], label: string = role) {
  const account = uniqueUser(label);
  const { data, error } = await api.POST('/backend/api/v1/users', {
    body: { ...account, role },
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!data) throw new Error(`creating ${role} failed: ${JSON.stringify(error)}`);
  return { ...account, id: data.id };
}

/** The users screen's last page, where the newest accounts are listed (users are ordered by id). */
export async function newestUsersPage(token: string): Promise<string> {
  const { data } = await api.GET('/backend/api/v1/users', {
    params: { query: { page: 1, pageSize: 50 } },
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!data) throw new Error('listing users failed');
  return data.pagination.totalPages > 1 ? `/admin/users?page=${data.pagination.totalPages}` : '/admin/users';
}

/** Local storage for a signed-in browser, as the login page writes it. */
export function sessionStorageState(session: Schemas['AuthSessionDto']) {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(baseURL).origin,
        localStorage: [
          { name: 'token', value: session.token },
          { name: 'accessToken', value: session.token },
          { name: 'refreshToken', value: session.refreshToken },
          { name: 'user', value: JSON.stringify(session.user) },
        ],
      },
    ],
  };
}

/** Signs in through the login form. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Email\b/).fill(email);
  await page.getByLabel(/^Password\b/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Cards and rows after the third of their list: the same markup and colours as the first three with other text,
 * and most of what axe spends on a long list (colour contrast computes every text's colours).
 */
const REPEATED_BEYOND_THE_THIRD = ['article', 'tr', '[role="row"]', 'li']
  .map((item) => `${item} ~ ${item} ~ ${item} ~ ${item}`)
  .join(', ');

/**
 * The widest window whose screens are scanned. Windows from 1280 to 1535 px wide (the journeys use 1280, 1366
 * and 1440) lie between the same two Tailwind breakpoints (xl and 2xl), so a screen has the same markup and
 * styles in each of them, but for how many rows a virtual list renders (the scan leaves out rows after the
 * third): a scan at 1440×900 repeats the one at 1366×768, and there only the screenshot is kept.
 */
const WIDEST_SCANNED_WINDOW = 1366;

/**
 * No serious or critical accessibility violations (scanned at windows up to WIDEST_SCANNED_WINDOW), then a
 * screenshot of the window kept as an artifact: what staff see at this size, so that a main button below the fold
 * shows.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // A list being read again is dimmed (aria-busy): contrast is measured once it has its answer.
  await page
    .locator('[aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // Entrance animations end first, so that colours are measured and shot as they stay (spinners run on).
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished),
      ),
      new Promise((settle) => setTimeout(settle, 2_000)),
    ]),
  );
  if ((page.viewportSize()?.width ?? 0) <= WIDEST_SCANNED_WINDOW) await expectAccessible(page, name);
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/${name}.png` });
}

/** No serious or critical accessibility violations on the page as it stands. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  // react-aria's off-screen announcer briefly holds an empty role=img that points at the announced text.
  const { violations } = await new AxeBuilder({ page })
    .exclude('[data-live-announcer]')
    .exclude(REPEATED_BEYOND_THE_THIRD)
    // Every rule still runs; only the violations come back with their nodes (a page's passes are thousands).
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    ),
    `accessibility of ${name}`,
  ).toEqual([]);
}

/** A client of a sandbox's control API (its /sandbox/... routes), answered as JSON. */
export function sandboxControl(baseUrl: string | undefined) {
  return async function sandbox<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** A toast or inline message with this text. */
export function message(page: Page, text: string) {
  return page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text });
}

interface Fixtures {
  /**
   * The superadmin's session (an API sign-in per worker, renewed in place before its access token runs out; tests
   * read `superadminSession.token` when they call, so they always hold a live one).
   */
  superadminSession: Schemas['AuthSessionDto'];
}

interface TestFixtures {
  /** Renews the worker's superadmin session before each test once it is older than SESSION_RENEWAL_MS. */
  liveSuperadminSession: void;
}

/**
 * Access tokens live 15 minutes (ACCESS_TOKEN_TTL_SECONDS). The journeys run longer than that, so a test starts
 * with at least 5 minutes left: the browser never has to renew a token that every later test's page shares, whose
 * refresh token would then be spent (rotated) for them.
 */
const SESSION_RENEWAL_MS = 10 * 60_000;
const signedInAt = new WeakMap<object, number>();

async function signInSuperadmin(): Promise<Schemas['AuthSessionDto']> {
  const session = await apiLogin(superadmin.email, superadmin.password);
  signedInAt.set(session, Date.now());
  return session;
}

async function renewWhenOld(session: Schemas['AuthSessionDto']): Promise<void> {
  if (Date.now() - (signedInAt.get(session) ?? 0) < SESSION_RENEWAL_MS) return;
  Object.assign(session, await apiLogin(superadmin.email, superadmin.password));
  signedInAt.set(session, Date.now());
}

/** Asserts that two things on screen do not cover each other (a toast over a control is a bug). */
export async function expectApart(first: Locator, second: Locator): Promise<void> {
  const [a, b] = await Promise.all([first.boundingBox(), second.boundingBox()]);
  if (!a || !b) throw new Error('expectApart: both must be on screen');
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, `${JSON.stringify(a)} overlaps ${JSON.stringify(b)}`).toBe(false);
}

export interface JourneyOptions {
  /** The browser's clock starts at a Korean night hour (see koreanNightInstant); set by the korean-night project. */
  koreanNightClock: boolean;
}

const HOUR_MS = 3_600_000;
const KOREA_OFFSET_MS = 9 * HOUR_MS;

/**
 * 03:00 in Korea on Korea's current day, or now when Korea is not yet past 03:00: a night hour when a browser
 * west of Korea is still on the day before, never later than the server's clock (a clock ahead of it would
 * take fresh access tokens for expired ones) and on the server's Korean day (so "today" agrees on both sides).
 */
export function koreanNightInstant(now: number): number {
  const koreanMidnight = Math.floor((now + KOREA_OFFSET_MS) / (24 * HOUR_MS)) * 24 * HOUR_MS - KOREA_OFFSET_MS;
  return Math.min(now, koreanMidnight + 3 * HOUR_MS);
}

export const test = base.extend<JourneyOptions & TestFixtures, Fixtures>({
  superadminSession: [async ({}, use) => use(await signInSuperadmin()), { scope: 'worker' }],
  liveSuperadminSession: [
    async ({ superadminSession }, use) => use(await renewWhenOld(superadminSession)),
    { auto: true },
  ],
  koreanNightClock: [false, { option: true }],
  page: async ({ page, koreanNightClock }, use) => {
    // The clock runs on from there, so timers and debounces behave as they do at any other time.
    if (koreanNightClock) await page.clock.install({ time: koreanNightInstant(Date.now()) });
    const misfits: string[] = [];
    await page.exposeFunction('__reportDialogMisfit', (misfit: string) => void misfits.push(misfit));
    await page.addInitScript(watchDialogs);
    await use(page);
    expect(
      misfits,
      `dialogs opened at ${JSON.stringify(page.viewportSize())} whose title or buttons lay outside the window`,
    ).toEqual([]);
  },
});

/**
 * Runs in every journey's page: each dialog of ours that opens (components/ui/dialog.tsx) is measured once it
 * has settled, and again a little later when its content has loaded; a title or footer button not wholly inside
 * the window is reported to the test, which then fails. So every dialog any journey opens is checked at the
 * journey's window (1280×720 unless the journey sets one), besides the explicit checks of dialogs-fit.spec.
 */
function watchDialogs(): void {
  const report = (window as unknown as { __reportDialogMisfit: (misfit: string) => Promise<void> })
    .__reportDialogMisfit;
  const measured = new WeakSet<Element>();
  const inWindow = (element: Element) => {
    const box = element.getBoundingClientRect();
    return (
      box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight + 0.5 && box.right <= window.innerWidth + 0.5
    );
  };
  const measure = (dialog: Element) => {
    if (!dialog.isConnected) return;
    const title = dialog.querySelector('[slot="title"]');
    const name = title?.textContent ?? '(untitled dialog)';
    const size = `${window.innerWidth}×${window.innerHeight}`;
    if (title && !inWindow(title)) void report(`${name}: its title, at ${size}`);
    for (const button of dialog.querySelectorAll(':scope > [data-dialog-footer] button')) {
      if (!inWindow(button)) void report(`${name}: ${button.textContent}, at ${size}`);
    }
  };
  const watch = () => {
    for (const dialog of document.querySelectorAll('[role="dialog"], [role="alertdialog"]')) {
      if (measured.has(dialog) || !dialog.querySelector(':scope > [data-dialog-footer]')) continue;
      measured.add(dialog);
      setTimeout(() => measure(dialog), 500);
      setTimeout(() => measure(dialog), 2000);
    }
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
}

/** Starts each test of the file signed in as the superadmin. */
export function useSuperadminSession(): void {
  test.use({
    storageState: async ({ superadminSession }, use) => {
      await renewWhenOld(superadminSession);
      await use(sessionStorageState(superadminSession));
    },
  });
}

export { expect };
