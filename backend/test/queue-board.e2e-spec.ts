import { JwtService } from '@nestjs/jwt';
import { bearer, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

const LINKS = '/backend/api/v1/queue-board/links';
const BOARD_PATHS = [
  '/backend/queues',
  '/backend/queues/',
  '/backend/queues/api/queues',
  '/backend/queues/static/js/main.js',
  '/backend/queues/queue/maintenance',
];

function cookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : (setCookie ?? '');
  return header.split(';')[0];
}

describe('queue board (Bull Board)', () => {
  let t: TestApp;
  let superSession: { token: string; user: { id: number } };
  let adminSession: { token: string; user: { id: number } };
  beforeAll(async () => {
    t = await startTestApp();
    superSession = await t.login(SUPERADMIN.email, SUPERADMIN.password);
    await t.createUser({ email: 'ops.admin@jobcasting.test', password: 'Admin-password-1' });
    adminSession = await t.login('ops.admin@jobcasting.test', 'Admin-password-1');
  });
  afterAll(() => t.close());

  async function openBoard(): Promise<string> {
    const link = await t.request({ method: 'POST', url: LINKS, headers: bearer(superSession.token) });
    expect(link.statusCode).toBe(200);
    const redeemed = await t.request({ method: 'GET', url: link.json().url });
    expect(redeemed.statusCode).toBe(303);
    expect(redeemed.headers.location).toBe('/backend/queues/');
    const setCookie = String(redeemed.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/backend\/queues/);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    return cookieFrom(redeemed.headers['set-cookie']);
  }

  it.each(BOARD_PATHS)('answers nothing of %s to an anonymous caller', async (url) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toMatch(/maintenance|<html/i);
  });

  it.each([
    '/backend/%71ueues/api/queues',
    '//backend/queues/api/queues',
    '/backend//queues/api/queues',
    '/backend/Queues/api/queues',
  ])('is not reached by spelling the path differently: %s', async (url) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).not.toBe(200);
    expect(response.body).not.toMatch(/"queues"/);
  });

  it('refuses a bearer token on the board itself (the board takes only its own cookie)', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/backend/queues/api/queues',
      headers: bearer(superSession.token),
    });
    expect(response.statusCode).toBe(401);
  });

  it('gives an admin no link', async () => {
    const response = await t.request({ method: 'POST', url: LINKS, headers: bearer(adminSession.token) });
    expect(response.statusCode).toBe(403);
  });

  it('refuses an admin holding a validly signed board cookie', async () => {
    const claims = JSON.parse(Buffer.from(adminSession.token.split('.')[1], 'base64url').toString());
    const forged = await new JwtService({ secret: t.config.JWT_SECRET }).signAsync({
      sub: claims.sub,
      sid: claims.sid,
      typ: 'queue-board',
    });
    for (const url of BOARD_PATHS) {
      const response = await t.request({ method: 'GET', url, headers: { cookie: `jc_queue_board=${forged}` } });
      expect(response.statusCode).toBe(403);
    }
  });

  it('refuses an access token passed off as a board cookie', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/backend/queues/',
      headers: { cookie: `jc_queue_board=${superSession.token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it("lets nobody but a superadmin pause the queues (the board's write routes)", async () => {
    const claims = JSON.parse(Buffer.from(adminSession.token.split('.')[1], 'base64url').toString());
    const forged = await new JwtService({ secret: t.config.JWT_SECRET }).signAsync({
      sub: claims.sub,
      sid: claims.sid,
      typ: 'queue-board',
    });
    const pauseAll = (headers: Record<string, string>) =>
      t.request({ method: 'PUT', url: '/backend/queues/api/queues/pause', headers });
    const paused = async (cookie: string) =>
      (await t.request({ method: 'GET', url: '/backend/queues/api/queues', headers: { cookie } }))
        .json()
        .queues.some((q: { isPaused: boolean }) => q.isPaused);

    expect((await pauseAll({})).statusCode).toBe(401);
    expect((await pauseAll({ cookie: `jc_queue_board=${forged}` })).statusCode).toBe(403);
    const cookie = await openBoard();
    expect(await paused(cookie)).toBe(false);

    expect((await pauseAll({ cookie })).statusCode).toBe(200);
    expect(await paused(cookie)).toBe(true);
    expect(
      (await t.request({ method: 'PUT', url: '/backend/queues/api/queues/resume', headers: { cookie } })).statusCode,
    ).toBe(200);
  });

  it('opens for a superadmin through a one-time link', async () => {
    const cookie = await openBoard();
    const page = await t.request({ method: 'GET', url: '/backend/queues/', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const api = await t.request({ method: 'GET', url: '/backend/queues/api/queues', headers: { cookie } });
    expect(api.statusCode).toBe(200);
    expect(api.json().queues.map((q: { name: string }) => q.name)).toContain('maintenance');
  });

  it('a link works once and only for a live superadmin session', async () => {
    const link = (await t.request({ method: 'POST', url: LINKS, headers: bearer(superSession.token) })).json().url;
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(303);
    expect((await t.request({ method: 'GET', url: link })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/backend/queues/login?ticket=made-up' })).statusCode).toBe(401);
  });

  it('closes when the superadmin signs out', async () => {
    const session = await t.login(SUPERADMIN.email, SUPERADMIN.password);
    const link = (await t.request({ method: 'POST', url: LINKS, headers: bearer(session.token) })).json().url;
    const cookie = cookieFrom((await t.request({ method: 'GET', url: link })).headers['set-cookie']);
    expect(
      (await t.request({ method: 'GET', url: '/backend/queues/api/queues', headers: { cookie } })).statusCode,
    ).toBe(200);
    await t.request({
      method: 'POST',
      url: '/backend/api/v1/auth/logout',
      headers: bearer(session.token),
      payload: {},
    });
    expect(
      (await t.request({ method: 'GET', url: '/backend/queues/api/queues', headers: { cookie } })).statusCode,
    ).toBe(401);
  });
});
