import { createApiClient } from '@job-casting/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createAuthMiddleware } from './auth-middleware.ts';
import { singleFlight } from './single-flight.ts';

const USER = {
  id: 1,
  name: 'Kim',
  username: 'kim',
  email: 'kim@example.com',
  role: 'admin',
  isAdmin: true,
  createdAt: '',
  updatedAt: '',
};

/** A fake API that accepts only the current token and records what it saw. */
function fakeServer() {
  const state = { validToken: 'new-token', seen: [] as { path: string; auth: string | null; body: string }[] };
  const fetch = vi.fn(async (input: Request) => {
    const path = new URL(input.url).pathname;
    state.seen.push({ path, auth: input.headers.get('Authorization'), body: await input.text() });
    if (input.headers.get('Authorization') !== `Bearer ${state.validToken}`) {
      return Response.json(
        { statusCode: 401, error: 'Unauthorized', message: 'Session expired. Please login again.' },
        { status: 401 },
      );
    }
    return Response.json(USER);
  });
  return { state, fetch };
}

function setup(options: { refreshSucceeds: boolean }) {
  const server = fakeServer();
  let token: string | null = 'old-token';
  let releaseRefresh!: () => void;
  const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
  // Counts calls to the refresh-token endpoint; the app wraps it in singleFlight the same way.
  const renewals = vi.fn(async () => {
    await refreshGate;
    if (options.refreshSucceeds) token = 'new-token';
    return options.refreshSucceeds;
  });
  const onSessionExpired = vi.fn();
  const client = createApiClient({ baseUrl: 'http://api.test', fetch: server.fetch });
  client.use(createAuthMiddleware({ getToken: () => token, refresh: singleFlight(renewals), onSessionExpired }));
  return { client, server, refresh: renewals, onSessionExpired, releaseRefresh };
}

describe('auth middleware', () => {
  it('sends the bearer token', async () => {
    const { client, server, releaseRefresh } = setup({ refreshSucceeds: true });
    server.state.validToken = 'old-token';
    releaseRefresh();
    const { data } = await client.GET('/backend/api/v1/users/{id}', { params: { path: { id: 1 } } });
    expect(data?.name).toBe('Kim');
    expect(server.state.seen).toEqual([{ path: '/backend/api/v1/users/1', auth: 'Bearer old-token', body: '' }]);
  });

  it('renews once for concurrent 401s and retries each call with the new token and its body', async () => {
    const { client, server, refresh, onSessionExpired, releaseRefresh } = setup({ refreshSucceeds: true });
    const body = { name: 'Kim', username: 'kim', email: 'kim@example.com' };
    const calls = [
      client.GET('/backend/api/v1/users/{id}', { params: { path: { id: 1 } } }),
      client.PUT('/backend/api/v1/users/{id}', { params: { path: { id: 1 } }, body }),
      client.GET('/backend/api/v1/users/{id}', { params: { path: { id: 2 } } }),
    ];
    await vi.waitFor(() => expect(server.state.seen).toHaveLength(3));
    releaseRefresh();
    const results = await Promise.all(calls);

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(results.map((result) => result.response.status)).toEqual([200, 200, 200]);
    const retries = server.state.seen.slice(3);
    expect(retries).toHaveLength(3);
    expect(retries.every((seen) => seen.auth === 'Bearer new-token')).toBe(true);
    expect(retries.find((seen) => seen.body)?.body).toBe(JSON.stringify(body));
  });

  it('does not renew again for a 401 that arrives after another call already renewed', async () => {
    const { client, server, refresh, releaseRefresh } = setup({ refreshSucceeds: true });
    releaseRefresh();
    await client.GET('/backend/api/v1/users/{id}', { params: { path: { id: 1 } } });
    expect(refresh).toHaveBeenCalledTimes(1);
    server.state.seen.length = 0;
    const { response } = await client.GET('/backend/api/v1/users/{id}', { params: { path: { id: 1 } } });
    expect(response.status).toBe(200);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('reports an expired session once when renewal fails and returns the 401', async () => {
    const { client, refresh, onSessionExpired, releaseRefresh } = setup({ refreshSucceeds: false });
    const calls = [
      client.GET('/backend/api/v1/users/{id}', { params: { path: { id: 1 } } }),
      client.GET('/backend/api/v1/users/{id}', { params: { path: { id: 2 } } }),
    ];
    releaseRefresh();
    const results = await Promise.all(calls);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(results.map((result) => result.response.status)).toEqual([401, 401]);
    expect(results[0].error?.message).toBe('Session expired. Please login again.');
  });

  it('never renews for a refused sign-in and sends no bearer with credentials', async () => {
    const { client, server, refresh, releaseRefresh } = setup({ refreshSucceeds: true });
    releaseRefresh();
    const { response } = await client.POST('/backend/api/v1/auth/login', {
      body: { email: 'a@b.c', password: 'wrong' },
    });
    expect(response.status).toBe(401);
    expect(refresh).not.toHaveBeenCalled();
    expect(server.state.seen[0].auth).toBeNull();
  });
});
