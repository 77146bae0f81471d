import { MikroORM } from '@mikro-orm/postgresql';
import { EntityManager } from '@mikro-orm/postgresql';
import { createLogger } from '../src/platform/logging/logger.js';
import { bearer, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports database and Redis health', async () => {
    const response = await t.request({ method: 'GET', url: '/backend/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });

  it('has migrations that match the entities exactly', async () => {
    const diff = await t.app.get(MikroORM).schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });
});

describe('HTTP conventions', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.login(SUPERADMIN.email, SUPERADMIN.password)).token;
  });
  afterAll(() => t.close());

  it('answers unknown API routes with the error shape', async () => {
    const response = await t.request({ method: 'GET', url: '/backend/api/v1/nothing-here', headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/backend/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('refuses an id that is not a positive 32-bit integer with 400, not a database error', async () => {
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      const response = await t.request({ method: 'GET', url: `/backend/api/v1/users/${id}`, headers: bearer(token) });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.validation[0].path).toBe('id');
    }
  });

  it('tags every response with a request id, echoing the caller’s', async () => {
    const fresh = await t.request({ method: 'GET', url: '/backend/api/v1/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.request({
      method: 'GET',
      url: '/backend/api/v1/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(echoed.headers['x-request-id']).toBe('trace-123');
  });

  it('sends security headers', async () => {
    const response = await t.request({ method: 'GET', url: '/backend/api/v1/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Images only from the app itself and https, unless Google's API root is an http stand-in.
    expect(response.headers['content-security-policy']).toMatch(/img-src 'self' data: https:;/);
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  const preflight = (app: TestApp, origin: string) =>
    app.request({
      method: 'OPTIONS',
      url: '/backend/api/v1/auth/login',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it('allows no cross-origin calls by default: the built app is served on the API’s own origin', async () => {
    const response = await preflight(t, 'http://localhost:3000');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('allows cross-origin calls only from CORS_ORIGIN when it is set (npm run dev’s front end)', async () => {
    const dev = await startTestApp({ CORS_ORIGIN: 'http://localhost:3000' });
    try {
      expect((await preflight(dev, 'http://localhost:3000')).headers['access-control-allow-origin']).toBe(
        'http://localhost:3000',
      );
      expect((await preflight(dev, 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await dev.close();
    }
  });
});

describe('request logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({}, createLogger('info', { write: (line: string) => void lines.push(line) }));
  });
  afterAll(() => t.close());

  const requestLines = () => lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);

  it('never hold the code and state Google sends back, however the query spells them', async () => {
    const secrets = ['4/0AVG7fiQ-code-secret', 'eyJhbGciOiJIUzI1NiJ9.state-secret.sig', 'spelled-code-secret'];
    await t.request({
      method: 'GET',
      url: `/backend/api/v1/google-auth/callback?state=${secrets[1]}&code=${secrets[0]}&scope=email`,
    });
    await t.request({ method: 'GET', url: `/backend/api/v1/google-auth/callback?%63ode=${secrets[2]}` });
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret);
    expect(requestLines().map((entry) => entry.req.url)).toEqual(
      expect.arrayContaining([
        '/backend/api/v1/google-auth/callback?state=[redacted]&code=[redacted]&scope=email',
        '/backend/api/v1/google-auth/callback?%63ode=[redacted]',
      ]),
    );
  });

  it('never hold the queue board’s one-time ticket', async () => {
    const { token } = await t.login(SUPERADMIN.email, SUPERADMIN.password);
    const link = (
      await t.request({ method: 'POST', url: '/backend/api/v1/queue-board/links', headers: bearer(token) })
    ).json().url as string;
    const ticket = new URL(link, 'http://app.test').searchParams.get('ticket')!;
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(303);
    expect(lines.join('\n')).not.toContain(ticket);
    expect(requestLines().map((entry) => entry.req.url)).toContain('/backend/queues/login?ticket=[redacted]');
  });
});

describe('internal errors', () => {
  /** Signs in on an app whose session table has vanished, so the sign-in fails inside the database. */
  async function signInWithBrokenDatabase(overrides: Record<string, string> = {}) {
    const t = await startTestApp(overrides);
    try {
      await t.app.get(EntityManager).fork().execute('alter table refresh_token rename to refresh_token_gone');
      return await t.request({
        method: 'POST',
        url: '/backend/api/v1/auth/login',
        payload: { email: SUPERADMIN.email, password: SUPERADMIN.password },
      });
    } finally {
      await t.close();
    }
  }

  it('hide SQL, stack and internals by default', async () => {
    const response = await signInWithBrokenDatabase();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal server error',
    });
    expect(response.body).not.toMatch(/refresh_token|insert|stack|at /i);
  });

  it('carry the database detail, query and original error when verbose errors are on', async () => {
    const response = await signInWithBrokenDatabase({ VERBOSE_ERRORS: 'true' });
    expect(response.statusCode).toBe(500);
    const details = response.json().details;
    expect(details.errorType).toBe('TableNotFoundException');
    expect(details.query).toMatch(/insert into "refresh_token"/);
    expect(details.originalError).toMatch(/refresh_token/);
  });
});
