import { EntityManager } from '@mikro-orm/postgresql';
import { JwtService } from '@nestjs/jwt';
import { Strategy as JwtStrategy } from 'passport-jwt';
import { AccessVersion } from '../src/modules/users/access-version.service.js';
import { bearer, eventually, startTestApp, startTestAppWith, SUPERADMIN, type TestApp } from './support/test-app.js';

const LOGIN = '/backend/api/v1/auth/login';
const REFRESH = '/backend/api/v1/auth/refresh-token';
const LOGOUT = '/backend/api/v1/auth/logout';
const USERS = '/backend/api/v1/users';

describe('sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOGIN_RATE_LIMIT_PER_EMAIL: '4', LOGIN_RATE_LIMIT_PER_IP: '25' });
    await t.createUser({ email: 'kim.admin@jobcasting.test', password: 'Admin-password-1' });
    await t.createUser({ email: 'actor@jobcasting.test', password: 'Actor-password-1', role: 'user' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
    t.request({ method: 'POST', url, payload, headers, remoteAddress });

  it('answers {user, token, refreshToken} for a staff account, never the password', async () => {
    const response = await post(LOGIN, { email: ' KIM.ADMIN@jobcasting.test ', password: 'Admin-password-1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ email: 'kim.admin@jobcasting.test', role: 'admin', isAdmin: true });
    expect(typeof body.token).toBe('string');
    expect(typeof body.refreshToken).toBe('string');
    expect(response.body).not.toMatch(/password/i);
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('stores passwords as argon2id hashes and refresh tokens only as hashes', async () => {
    const { refreshToken } = await t.login('kim.admin@jobcasting.test', 'Admin-password-1');
    const em = t.app.get(EntityManager).fork();
    const [user] = await em.execute(`select password_hash from users where email = 'kim.admin@jobcasting.test'`);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const stored = await em.execute<{ token_hash: string }[]>(`select token_hash from refresh_token`);
    expect(stored.map((r) => r.token_hash)).not.toContain(refreshToken);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await post(
      LOGIN,
      { email: 'kim.admin@jobcasting.test', password: 'nope-nope-nope' },
      {},
      '10.0.0.2',
    );
    const unknown = await post(LOGIN, { email: 'nobody@jobcasting.test', password: 'nope-nope-nope' }, {}, '10.0.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid email or password',
    });
    expect(unknown.json()).toEqual(wrongPassword.json());
  });

  it('refuses role user with the spec text', async () => {
    const response = await post(LOGIN, { email: 'actor@jobcasting.test', password: 'Actor-password-1' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Access denied. Admin privileges required.');
  });

  it('reports validation problems with path and message', async () => {
    const response = await post(LOGIN, { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('Bad Request');
    expect(body.details.validation).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Email must be a valid e-mail address' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('rate-limits failed attempts per e-mail, whatever the client, with 429 and Retry-After', async () => {
    const attempt = (client: number) =>
      post(LOGIN, { email: 'target@jobcasting.test', password: 'guess-guess-1' }, {}, `10.0.3.${client}`);
    for (let i = 0; i < 4; i++) expect((await attempt(i)).statusCode).toBe(401);
    const blocked = await attempt(99);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks no more passwords than the per-e-mail limit, however many attempts arrive at once', async () => {
    const defaults = await startTestApp();
    try {
      const attempts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          defaults.request({
            method: 'POST',
            url: LOGIN,
            payload: { email: SUPERADMIN.email, password: `wrong-guess-${i}` },
            remoteAddress: `10.0.7.${i}`,
          }),
        ),
      );
      const statuses = attempts.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      // The limit holds the right password out too until the window ends.
      const right = await defaults.request({
        method: 'POST',
        url: LOGIN,
        payload: SUPERADMIN,
        remoteAddress: '10.0.7.99',
      });
      expect(right.statusCode).toBe(429);
    } finally {
      await defaults.close();
    }
  });

  it('rate-limits every attempt per client address', async () => {
    let last = 0;
    for (let i = 0; i < 26; i++) {
      last = (await post(LOGIN, { email: `spray${i}@jobcasting.test`, password: 'guess-guess-1' }, {}, '10.0.0.4'))
        .statusCode;
    }
    expect(last).toBe(429);
    const otherClient = await post(LOGIN, { email: SUPERADMIN.email, password: SUPERADMIN.password }, {}, '10.0.0.5');
    expect(otherClient.statusCode).toBe(200);
  });

  it('takes the client address from the trusted proxy only, so a forged X-Forwarded-For does not dodge the limit', async () => {
    const behindProxy = await startTestApp({ TRUST_PROXY_HOPS: '1', LOGIN_RATE_LIMIT_PER_IP: '2' });
    try {
      const attempt = (forged: string, client = '198.51.100.7') =>
        behindProxy.request({
          method: 'POST',
          url: LOGIN,
          payload: { email: `${forged}@jobcasting.test`, password: 'guess-guess-1' },
          headers: { 'x-forwarded-for': `203.0.113.${forged}, ${client}` },
          remoteAddress: '172.18.0.2',
        });
      expect((await attempt('1')).statusCode).toBe(401);
      expect((await attempt('2')).statusCode).toBe(401);
      expect((await attempt('3')).statusCode).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await attempt('4', '198.51.100.8')).statusCode).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });

  describe('access tokens', () => {
    it('401 without a token, with the guard text', async () => {
      const response = await t.request({ method: 'GET', url: USERS });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Please login to continue.');
    });

    it('401 for a tampered token', async () => {
      const { token } = await t.login(SUPERADMIN.email, SUPERADMIN.password);
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url');
      const tampered = await t.request({
        method: 'GET',
        url: USERS,
        headers: bearer(`${header}.${forged}.${signature}`),
      });
      expect(tampered.statusCode).toBe(401);
      const otherKey = await new JwtService({ secret: 'x'.repeat(48) }).signAsync(claims);
      expect((await t.request({ method: 'GET', url: USERS, headers: bearer(otherKey) })).statusCode).toBe(401);
    });

    it("checks a token's signature once, and refuses it as expired from its expiry on all the same", async () => {
      const { token } = await t.login(SUPERADMIN.email, SUPERADMIN.password);
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number };
      const verifier = JwtStrategy as unknown as { JwtVerifier: (...args: unknown[]) => unknown };
      const verify = verifier.JwtVerifier;
      const realNow = Date.now;
      let verified = 0;
      verifier.JwtVerifier = (...args) => {
        verified += 1;
        return verify(...args);
      };
      try {
        for (let request = 0; request < 3; request++)
          expect((await t.request({ method: 'GET', url: USERS, headers: bearer(token) })).statusCode).toBe(200);
        expect(verified).toBe(1);
        Date.now = () => exp * 1000 - 1;
        expect((await t.request({ method: 'GET', url: USERS, headers: bearer(token) })).statusCode).toBe(200);
        Date.now = () => exp * 1000;
        const expired = await t.request({ method: 'GET', url: USERS, headers: bearer(token) });
        Date.now = realNow;
        expect(expired.statusCode).toBe(401);
        expect(expired.json().message).toBe('Session expired. Please login again.');
      } finally {
        Date.now = realNow;
        verifier.JwtVerifier = verify;
      }
    });

    it('401 "Session expired" for an expired token', async () => {
      const { token } = await t.login(SUPERADMIN.email, SUPERADMIN.password);
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      const expired = await new JwtService({ secret: t.config.JWT_SECRET }).signAsync({
        sub: claims.sub,
        role: claims.role,
        sid: claims.sid,
        typ: 'access',
        iat: Math.floor(Date.now() / 1000) - 3600,
        exp: Math.floor(Date.now() / 1000) - 60,
      });
      const response = await t.request({ method: 'GET', url: USERS, headers: bearer(expired) });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Session expired. Please login again.');
    });
  });

  describe('refresh tokens', () => {
    it('rotate: each refresh answers a new pair and the old refresh token stops working', async () => {
      const first = await t.login('kim.admin@jobcasting.test', 'Admin-password-1');
      const second = await post(REFRESH, { refreshToken: first.refreshToken });
      expect(second.statusCode).toBe(200);
      const rotated = second.json();
      expect(rotated.refreshToken).not.toBe(first.refreshToken);
      expect(rotated.user.email).toBe('kim.admin@jobcasting.test');
      const third = await post(REFRESH, { refreshToken: rotated.refreshToken });
      expect(third.statusCode).toBe(200);
    });

    it('a reused refresh token revokes the whole chain, access tokens included', async () => {
      const first = await t.login('kim.admin@jobcasting.test', 'Admin-password-1');
      const rotated = (await post(REFRESH, { refreshToken: first.refreshToken })).json();
      const me = `${USERS}/${rotated.user.id}`;
      expect((await t.request({ method: 'GET', url: me, headers: bearer(rotated.token) })).statusCode).toBe(200);

      const replay = await post(REFRESH, { refreshToken: first.refreshToken });
      expect(replay.statusCode).toBe(401);
      expect((await post(REFRESH, { refreshToken: rotated.refreshToken })).statusCode).toBe(401);
      expect((await t.request({ method: 'GET', url: me, headers: bearer(rotated.token) })).statusCode).toBe(401);
    });

    it('an unknown refresh token is refused', async () => {
      expect((await post(REFRESH, { refreshToken: 'made-up-token' })).statusCode).toBe(401);
    });
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const session = await t.login('kim.admin@jobcasting.test', 'Admin-password-1');
    const me = `${USERS}/${session.user.id}`;
    const out = await post(LOGOUT, { refreshToken: session.refreshToken }, bearer(session.token));
    expect(out.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: me, headers: bearer(session.token) })).statusCode).toBe(401);
    expect((await post(REFRESH, { refreshToken: session.refreshToken })).statusCode).toBe(401);
  });

  it('logout with only the refresh token (expired access token) still revokes', async () => {
    const session = await t.login('kim.admin@jobcasting.test', 'Admin-password-1');
    expect((await post(LOGOUT, { refreshToken: session.refreshToken })).statusCode).toBe(200);
    expect((await post(REFRESH, { refreshToken: session.refreshToken })).statusCode).toBe(401);
    const me = `${USERS}/${session.user.id}`;
    expect((await t.request({ method: 'GET', url: me, headers: bearer(session.token) })).statusCode).toBe(401);
  });

  it('keeps a checked session in each API process until access changes anywhere, which every process hears', async () => {
    // A second API process on the same database and Redis.
    const other = await startTestAppWith(t.config);
    try {
      const session = await t.login('kim.admin@jobcasting.test', 'Admin-password-1');
      const me = { method: 'GET' as const, url: `${USERS}/${session.user.id}`, headers: bearer(session.token) };
      expect((await other.request(me)).statusCode).toBe(200);

      // A revocation behind the application's back is not seen: the session is kept, not read again...
      const em = t.app.get(EntityManager).fork();
      await em.execute(`update auth_session set revoked_at = now() where id = ?`, [
        JSON.parse(Buffer.from(session.token.split('.')[1], 'base64url').toString()).sid,
      ]);
      expect((await other.request(me)).statusCode).toBe(200);
      // ...until any process says access changed: the others hear it at once.
      await t.app.get(AccessVersion).bump();
      await eventually(async () => expect((await other.request(me)).statusCode).toBe(401), 500);

      // A logout through one process ends the session in the other at once.
      const second = await t.login('kim.admin@jobcasting.test', 'Admin-password-1');
      const again = { method: 'GET' as const, url: `${USERS}/${second.user.id}`, headers: bearer(second.token) };
      expect((await other.request(again)).statusCode).toBe(200);
      expect((await post(LOGOUT, { refreshToken: second.refreshToken }, bearer(second.token))).statusCode).toBe(200);
      await eventually(async () => expect((await other.request(again)).statusCode).toBe(401), 500);
    } finally {
      await other.app.close();
    }
  });
});
