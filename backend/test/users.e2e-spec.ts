import { bearer, startTestApp, SUPERADMIN, type TestApp } from './support/test-app.js';

const USERS = '/backend/api/v1/users';

describe('users', () => {
  let t: TestApp;
  let superToken: string;
  let superId: number;
  let adminId: number;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestApp({ LOGIN_RATE_LIMIT_PER_IP: '1000' });
    const session = await t.login(SUPERADMIN.email, SUPERADMIN.password);
    superToken = session.token;
    superId = session.user.id;
    adminId = await t.createUser({
      email: 'park.admin@jobcasting.test',
      password: 'Admin-password-1',
      username: 'park',
    });
    adminToken = (await t.login('park.admin@jobcasting.test', 'Admin-password-1')).token;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.request({ method, url, headers: bearer(token), payload });
  const refresh = (refreshToken: string) =>
    t.request({ method: 'POST', url: '/backend/api/v1/auth/refresh-token', payload: { refreshToken } });

  describe('as superadmin', () => {
    it('lists users with the spec pagination block', async () => {
      const response = await call('GET', `${USERS}?page=1&pageSize=50`, superToken);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.data.map((u: { email: string }) => u.email)).toEqual(
        expect.arrayContaining([SUPERADMIN.email, 'park.admin@jobcasting.test']),
      );
      expect(body.pagination).toEqual({
        currentPage: 1,
        totalPages: 1,
        totalItems: body.data.length,
        itemsPerPage: 50,
        hasNextPage: false,
        hasPreviousPage: false,
      });
      expect(response.body).not.toMatch(/password/i);
    });

    it('creates an admin (201), trimming fields and lower-casing the e-mail', async () => {
      const response = await call('POST', USERS, superToken, {
        name: '  Lee Casting ',
        username: ' lee ',
        email: ' Lee@JobCasting.test ',
        password: 'Lee-password-1',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        name: 'Lee Casting',
        username: 'lee',
        email: 'lee@jobcasting.test',
        role: 'admin',
      });
      expect((await t.login('lee@jobcasting.test', 'Lee-password-1')).user.id).toBe(response.json().id);
    });

    it('requires name, username, e-mail and a password of 8 or more on create', async () => {
      const response = await call('POST', USERS, superToken, { name: ' ', email: 'x', password: 'short' });
      expect(response.statusCode).toBe(400);
      const paths = response.json().details.validation.map((v: { path: string }) => v.path);
      expect(paths).toEqual(expect.arrayContaining(['name', 'username', 'email', 'password']));
    });

    it('answers 409 naming the clashing field', async () => {
      const email = await call('POST', USERS, superToken, {
        name: 'A',
        username: 'fresh1',
        email: 'PARK.admin@jobcasting.test',
        password: 'Password-123',
      });
      expect(email.statusCode).toBe(409);
      expect(email.json()).toMatchObject({
        message: 'Email is already in use',
        details: { conflictingFields: ['email'] },
      });
      const username = await call('POST', USERS, superToken, {
        name: 'A',
        username: 'park',
        email: 'fresh@jobcasting.test',
        password: 'Password-123',
      });
      expect(username.statusCode).toBe(409);
      expect(username.json().details.conflictingFields).toEqual(['username']);
      const update = await call('PUT', `${USERS}/${adminId}`, superToken, {
        name: 'Park',
        username: 'park',
        email: SUPERADMIN.email,
      });
      expect(update.statusCode).toBe(409);
      expect(update.json().details.conflictingFields).toEqual(['email']);
    });

    it('edits another user, role included', async () => {
      const id = await t.createUser({ email: 'choi@jobcasting.test', password: 'Choi-password-1' });
      const response = await call('PUT', `${USERS}/${id}`, superToken, {
        name: 'Choi Manager',
        username: 'choi',
        email: 'choi@jobcasting.test',
        role: 'superadmin',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'Choi Manager', role: 'superadmin' });
    });

    it('cannot delete or demote themselves', async () => {
      const del = await call('DELETE', `${USERS}/${superId}`, superToken);
      expect(del.statusCode).toBe(409);
      expect(del.json().message).toBe('You cannot delete your own account.');
      const demote = await call('PUT', `${USERS}/${superId}`, superToken, {
        name: 'Superadmin',
        username: 'owner',
        email: SUPERADMIN.email,
        role: 'admin',
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe('You cannot change your own role.');
    });

    it('deletes a user (204); the deleted user is locked out at once', async () => {
      const id = await t.createUser({ email: 'gone@jobcasting.test', password: 'Gone-password-1' });
      const gone = await t.login('gone@jobcasting.test', 'Gone-password-1');
      expect((await call('DELETE', `${USERS}/${id}`, superToken)).statusCode).toBe(204);
      expect((await call('GET', `${USERS}/${id}`, superToken)).statusCode).toBe(404);
      expect((await call('GET', `${USERS}/${id}`, gone.token)).statusCode).toBe(401);
    });

    it('an admin demoted to role user loses access at once, with the spec text', async () => {
      const id = await t.createUser({ email: 'demoted@jobcasting.test', password: 'Demoted-password-1' });
      const demoted = await t.login('demoted@jobcasting.test', 'Demoted-password-1');
      expect((await call('GET', `${USERS}/${id}`, demoted.token)).statusCode).toBe(200);
      const change = await call('PUT', `${USERS}/${id}`, superToken, {
        name: 'Demoted',
        username: 'demoted',
        email: 'demoted@jobcasting.test',
        role: 'user',
      });
      expect(change.statusCode).toBe(200);
      const refused = await call('GET', `${USERS}/${id}`, demoted.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Access denied. Admin privileges required.');
    });

    it('sets another user’s password without knowing it, ending every session of that account', async () => {
      const id = await t.createUser({ email: 'han@jobcasting.test', password: 'Han-password-1', username: 'han' });
      const first = await t.login('han@jobcasting.test', 'Han-password-1');
      const second = await t.login('han@jobcasting.test', 'Han-password-1');
      const change = await call('PUT', `${USERS}/${id}`, superToken, {
        name: 'Han',
        username: 'han',
        email: 'han@jobcasting.test',
        password: 'Han-password-2',
      });
      expect(change.statusCode).toBe(200);
      for (const session of [first, second]) {
        expect((await call('GET', `${USERS}/${id}`, session.token)).statusCode).toBe(401);
        expect((await refresh(session.refreshToken)).statusCode).toBe(401);
      }
      await t.login('han@jobcasting.test', 'Han-password-2');
      // The superadmin's own session goes on.
      expect((await call('GET', `${USERS}/${superId}`, superToken)).statusCode).toBe(200);
    });

    it('never leaves the product without a superadmin, even when two demote each other at once', async () => {
      const aId = await t.createUser({ email: 'sa-a@jobcasting.test', password: 'Sa-password-1', role: 'superadmin' });
      const bId = await t.createUser({ email: 'sa-b@jobcasting.test', password: 'Sa-password-1', role: 'superadmin' });
      // Leave A and B as the only superadmins.
      const others = (await call('GET', `${USERS}?pageSize=150`, superToken))
        .json()
        .data.filter(
          (u: { id: number; role: string }) =>
            u.role === 'superadmin' && u.id !== aId && u.id !== bId && u.id !== superId,
        );
      for (const other of others) {
        await call('PUT', `${USERS}/${other.id}`, superToken, { ...other, role: 'admin' });
      }
      const a = await t.login('sa-a@jobcasting.test', 'Sa-password-1');
      const b = await t.login('sa-b@jobcasting.test', 'Sa-password-1');
      await call('PUT', `${USERS}/${superId}`, a.token, {
        name: 'Owner',
        username: 'owner',
        email: SUPERADMIN.email,
        role: 'admin',
      });

      const demote = (token: string, id: number, email: string) =>
        call('PUT', `${USERS}/${id}`, token, { name: 'S', username: email.split('@')[0], email, role: 'admin' });
      const results = await Promise.all([
        demote(a.token, bId, 'sa-b@jobcasting.test'),
        demote(b.token, aId, 'sa-a@jobcasting.test'),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      // One demotion wins; the other is refused (the loser has either lost its role, 403, or is the last one, 409).
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      const remaining = (await call('GET', `${USERS}?pageSize=150`, results[0].statusCode === 200 ? a.token : b.token))
        .json()
        .data.filter((u: { role: string }) => u.role === 'superadmin');
      expect(remaining).toHaveLength(1);

      const last = remaining[0];
      const lastToken = last.id === aId ? a.token : b.token;
      const loserToken = last.id === aId ? b.token : a.token;
      // The demoted one has lost access to user management; the last superadmin cannot demote or delete themselves.
      expect((await call('GET', USERS, loserToken)).statusCode).toBe(403);
      expect((await call('DELETE', `${USERS}/${last.id}`, lastToken)).statusCode).toBe(409);
      // Restore the original owner for the other tests.
      await call('PUT', `${USERS}/${superId}`, lastToken, {
        name: 'Owner',
        username: 'owner',
        email: SUPERADMIN.email,
        role: 'superadmin',
      });
    });
  });

  describe('as admin', () => {
    it('is refused user management (403)', async () => {
      expect((await call('GET', USERS, adminToken)).statusCode).toBe(403);
      const create = await call('POST', USERS, adminToken, {
        name: 'X',
        username: 'x1',
        email: 'x1@jobcasting.test',
        password: 'Password-123',
      });
      expect(create.statusCode).toBe(403);
      expect((await call('DELETE', `${USERS}/${superId}`, adminToken)).statusCode).toBe(403);
    });

    it('reads only their own record', async () => {
      expect((await call('GET', `${USERS}/${adminId}`, adminToken)).json().email).toBe('park.admin@jobcasting.test');
      const other = await call('GET', `${USERS}/${superId}`, adminToken);
      expect(other.statusCode).toBe(403);
      expect(other.body).not.toContain(SUPERADMIN.email);
    });

    it('updates their profile; a blank password keeps the current one', async () => {
      const update = await call('PUT', `${USERS}/${adminId}`, adminToken, {
        name: 'Park Ji-won',
        username: 'park',
        email: 'park.admin@jobcasting.test',
        password: '',
      });
      expect(update.statusCode).toBe(200);
      expect(update.json().name).toBe('Park Ji-won');
      await t.login('park.admin@jobcasting.test', 'Admin-password-1');
    });

    it('needs their current password to change it; a missing or wrong one changes nothing and ends no session', async () => {
      const other = await t.login('park.admin@jobcasting.test', 'Admin-password-1');
      const fields = {
        name: 'Park Ji-won',
        username: 'park',
        email: 'park.admin@jobcasting.test',
        password: 'New-password-2',
      };
      const missing = await call('PUT', `${USERS}/${adminId}`, adminToken, fields);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Current password is required',
        details: { validation: [{ path: 'currentPassword', message: 'Current password is required' }] },
      });
      const wrong = await call('PUT', `${USERS}/${adminId}`, adminToken, {
        ...fields,
        currentPassword: 'Not-the-password-1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().details.validation).toEqual([
        { path: 'currentPassword', message: 'Current password is incorrect' },
      ]);
      await t.login('park.admin@jobcasting.test', 'Admin-password-1');
      expect((await call('GET', `${USERS}/${adminId}`, other.token)).statusCode).toBe(200);
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    });

    it('counts guesses at the current password with the sign-ins of the account: past the limit, neither is checked', async () => {
      const limited = await startTestApp({ LOGIN_RATE_LIMIT_PER_EMAIL: '3', LOGIN_RATE_LIMIT_PER_IP: '1000' });
      try {
        const account = { email: 'guessed@jobcasting.test', password: 'Guessed-password-1' };
        const id = await limited.createUser({ ...account, role: 'admin', username: 'guessed' });
        const session = await limited.login(account.email, account.password);
        const change = (currentPassword: string) =>
          limited.request({
            method: 'PUT',
            url: `${USERS}/${id}`,
            headers: bearer(session.token),
            payload: {
              name: 'Guessed',
              username: 'guessed',
              email: account.email,
              password: 'Another-password-2',
              currentPassword,
            },
          });
        for (let guess = 0; guess < 3; guess++) expect((await change(`Wrong-guess-${guess}`)).statusCode).toBe(400);
        // The fourth guess is refused unchecked, even with the right password, and so is a sign-in.
        const refused = await change(account.password);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toMatch(/^Too many password attempts\. Please try again in \d+ minutes?\.$/);
        await expect(limited.login(account.email, account.password)).rejects.toThrow(/429/);
      } finally {
        await limited.close();
      }
    });

    it('changes their own password, which ends every other session of theirs and keeps this one', async () => {
      const other = await t.login('park.admin@jobcasting.test', 'Admin-password-1');
      const mine = await t.login('park.admin@jobcasting.test', 'Admin-password-1');
      // Checked once, so that each process keeps the session as live until access changes.
      expect((await call('GET', `${USERS}/${adminId}`, other.token)).statusCode).toBe(200);
      const update = await call('PUT', `${USERS}/${adminId}`, mine.token, {
        name: 'Park Ji-won',
        username: 'park',
        email: 'park.admin@jobcasting.test',
        password: 'New-password-2',
        currentPassword: 'Admin-password-1',
      });
      expect(update.statusCode).toBe(200);
      expect(update.body).not.toMatch(/password/i);
      await t.login('park.admin@jobcasting.test', 'New-password-2');
      await expect(t.login('park.admin@jobcasting.test', 'Admin-password-1')).rejects.toThrow(/401/);

      expect((await call('GET', `${USERS}/${adminId}`, other.token)).statusCode).toBe(401);
      expect((await call('GET', `${USERS}/${adminId}`, adminToken)).statusCode).toBe(401);
      expect((await refresh(other.refreshToken)).statusCode).toBe(401);
      expect((await call('GET', `${USERS}/${adminId}`, mine.token)).statusCode).toBe(200);
      const renewed = await refresh(mine.refreshToken);
      expect(renewed.statusCode).toBe(200);
      adminToken = renewed.json().token;
    });

    it('cannot update another user or raise their own role', async () => {
      const other = await call('PUT', `${USERS}/${superId}`, adminToken, {
        name: 'X',
        username: 'owner',
        email: SUPERADMIN.email,
      });
      expect(other.statusCode).toBe(403);
      const raise = await call('PUT', `${USERS}/${adminId}`, adminToken, {
        name: 'Park',
        username: 'park',
        email: 'park.admin@jobcasting.test',
        role: 'superadmin',
      });
      expect(raise.statusCode).toBe(403);
    });
  });
});
