// Google OAuth 2.0 for web server applications: the consent page, the token endpoint (authorization_code and
// refresh_token grants), revocation, tokeninfo, ID tokens signed with a key of this process, and the bearer check
// the APIs share.
import { createHash, generateKeyPair, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { authorizePage, errorPage } from './pages.ts';
import { redirect, sendHtml, sendJson, sendOAuthError, sendUnauthenticated, type Context } from './http.ts';
import type { Account } from './store.ts';

const G = 'https://www.googleapis.com/auth/';
export const SCOPE_EMAIL = `${G}userinfo.email`;
export const SCOPE_PROFILE = `${G}userinfo.profile`;

/** Google answers `email` and `profile` with their full names. */
export function normalizeScope(scope: string): string {
  if (scope === 'email') return SCOPE_EMAIL;
  if (scope === 'profile') return SCOPE_PROFILE;
  return scope;
}

const ACCESS_TOKEN_SECONDS = 3599;
const CODE_SECONDS = 600;
const REQUEST_SECONDS = 3600;

interface AuthRequest {
  id: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | null;
  offline: boolean;
  loginHint: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string;
  expiresAt: number;
}

interface Code {
  code: string;
  account: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  offline: boolean;
  codeChallenge: string | null;
  codeChallengeMethod: string;
  expiresAt: number;
  used: boolean;
}

interface Grant {
  id: string;
  account: string;
  clientId: string;
  scopes: string[];
  refreshToken: string | null;
  revoked: boolean;
}

interface AccessToken {
  token: string;
  grant: Grant;
  expiresAt: number;
  revoked: boolean;
}

export interface Authenticated {
  account: Account;
  scopes: Set<string>;
  token: string;
}

export interface OAuthOptions {
  clientId: string;
  clientSecret: string;
  accounts: () => Account[];
  log: (line: string) => void;
  /**
   * A JSON file keeping the grants that carry refresh tokens, so that a restarted sandbox still honours the refresh
   * tokens it issued (as Google does) and accounts connected before stay connected. Memory only when omitted.
   */
  grantsFile?: string;
}

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export class OAuthServer {
  readonly clientId: string;
  readonly clientSecret: string;
  private readonly accounts: () => Account[];
  private readonly log: (line: string) => void;
  private requests = new Map<string, AuthRequest>();
  private codes = new Map<string, Code>();
  private grants = new Map<string, Grant>();
  private refreshTokens = new Map<string, Grant>();
  private accessTokens = new Map<string, AccessToken>();
  private signingKey: Promise<SigningKey> | null = null;

  private readonly grantsFile: string | undefined;

  constructor(options: OAuthOptions) {
    this.clientId = options.clientId;
    this.clientSecret = options.clientSecret;
    this.accounts = options.accounts;
    this.log = options.log;
    this.grantsFile = options.grantsFile;
    for (const grant of this.loadGrants()) {
      this.grants.set(grant.id, grant);
      if (grant.refreshToken) this.refreshTokens.set(grant.refreshToken, grant);
    }
  }

  /** Forgets every request, code and token (sandbox reset). */
  clear(): void {
    this.requests.clear();
    this.codes.clear();
    this.grants.clear();
    this.refreshTokens.clear();
    this.accessTokens.clear();
    this.saveGrants();
  }

  private loadGrants(): Grant[] {
    if (!this.grantsFile || !existsSync(this.grantsFile)) return [];
    try {
      const grants = JSON.parse(readFileSync(this.grantsFile, 'utf8')) as Grant[];
      return Array.isArray(grants)
        ? grants.filter((g) => typeof g.id === 'string' && typeof g.refreshToken === 'string')
        : [];
    } catch {
      this.log(`oauth: ${this.grantsFile} is unreadable; starting without earlier grants`);
      return [];
    }
  }

  /** Writes the grants that carry refresh tokens, revoked ones included (they stay revoked). */
  private saveGrants(): void {
    if (!this.grantsFile) return;
    const kept = [...this.grants.values()].filter((grant) => grant.refreshToken);
    mkdirSync(dirname(this.grantsFile), { recursive: true });
    writeFileSync(this.grantsFile, JSON.stringify(kept), { mode: 0o600 });
  }

  private findAccount(email: string | null | undefined): Account | undefined {
    if (!email) return undefined;
    const wanted = email.toLowerCase();
    return this.accounts().find((a) => a.email.toLowerCase() === wanted || a.id === email);
  }

  // --- The consent page -------------------------------------------------------------------------------------

  authorize(ctx: Context): void {
    const q = ctx.url.searchParams;
    const clientId = q.get('client_id');
    const redirectUri = q.get('redirect_uri');
    const fail = (status: number, error: string, description: string) => {
      sendHtml(ctx, status, errorPage(`${status === 401 ? '401' : '400'} 오류: ${error}`, description));
    };
    if (!clientId) return fail(400, 'invalid_request', 'Missing required parameter: client_id');
    if (clientId !== this.clientId)
      return fail(400, 'invalid_client', 'The OAuth client was not found. (OAuth 클라이언트를 찾을 수 없습니다.)');
    if (!redirectUri) return fail(400, 'invalid_request', 'Missing required parameter: redirect_uri');
    let parsed: URL;
    try {
      parsed = new URL(redirectUri);
    } catch {
      return fail(400, 'invalid_request', `Invalid parameter value for redirect_uri: Missing scheme: ${redirectUri}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      return fail(
        400,
        'invalid_request',
        `Invalid parameter value for redirect_uri: Invalid scheme: ${parsed.protocol.replace(':', '')}`,
      );
    }
    if (parsed.hash)
      return fail(400, 'invalid_request', 'Invalid parameter value for redirect_uri: Fragment not allowed');
    const responseType = q.get('response_type');
    if (!responseType) return fail(400, 'invalid_request', 'Required parameter is missing: response_type');
    if (responseType !== 'code')
      return fail(400, 'unsupported_response_type', `Invalid response_type: ${responseType}`);
    const scopes = (q.get('scope') ?? '')
      .split(/[\s+]+/)
      .filter(Boolean)
      .map(normalizeScope);
    if (scopes.length === 0) return fail(400, 'invalid_request', 'Missing required parameter: scope');
    const accessType = q.get('access_type') ?? 'online';
    if (accessType !== 'online' && accessType !== 'offline')
      return fail(400, 'invalid_request', `Invalid access_type: ${accessType}`);
    const codeChallengeMethod = q.get('code_challenge_method') ?? 'plain';
    if (!['plain', 'S256'].includes(codeChallengeMethod))
      return fail(400, 'invalid_request', `Invalid code_challenge_method: ${codeChallengeMethod}`);

    const now = Date.now();
    for (const [id, request] of this.requests) if (request.expiresAt < now) this.requests.delete(id);
    const request: AuthRequest = {
      id: random(18),
      clientId,
      redirectUri,
      scopes: [...new Set(scopes)],
      state: q.get('state'),
      offline: accessType === 'offline',
      loginHint: q.get('login_hint'),
      codeChallenge: q.get('code_challenge'),
      codeChallengeMethod,
      expiresAt: now + REQUEST_SECONDS * 1000,
    };
    this.requests.set(request.id, request);
    const accounts = this.accounts();
    const approveUrl = (account: Account) =>
      `/sandbox/oauth/approve?request=${encodeURIComponent(request.id)}&account=${encodeURIComponent(account.email)}`;
    const cancelUrl = `/sandbox/oauth/deny?request=${encodeURIComponent(request.id)}`;
    if (String(ctx.req.headers.accept ?? '').includes('application/json')) {
      sendJson(ctx, 200, {
        requestId: request.id,
        accounts: accounts.map((account) => ({
          email: account.email,
          name: account.name,
          approveUrl: ctx.origin + approveUrl(account),
        })),
        cancelUrl: ctx.origin + cancelUrl,
      });
      return;
    }
    sendHtml(
      ctx,
      200,
      authorizePage({
        accounts: accounts.map((account) => ({
          account,
          approveUrl: approveUrl(account),
          avatarUrl: `/sandbox/avatars/${account.id}`,
        })),
        cancelUrl,
        clientId,
        redirectHost: parsed.host,
        scopes: request.scopes,
        loginHint: request.loginHint,
      }),
    );
  }

  approve(ctx: Context): void {
    const request = this.requests.get(ctx.url.searchParams.get('request') ?? '');
    if (!request || request.expiresAt < Date.now()) {
      sendHtml(
        ctx,
        400,
        errorPage('요청이 만료되었습니다', '로그인 요청을 찾을 수 없거나 만료되었습니다. 앱에서 다시 로그인해 주세요.'),
      );
      return;
    }
    const account = this.findAccount(ctx.url.searchParams.get('account'));
    if (!account) {
      sendHtml(
        ctx,
        400,
        errorPage('계정을 찾을 수 없습니다', '샌드박스에 없는 계정입니다. 목록에서 계정을 선택해 주세요.'),
      );
      return;
    }
    const code: Code = {
      code: `4/0A${random(48)}`,
      account: account.email,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      offline: request.offline,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      expiresAt: Date.now() + CODE_SECONDS * 1000,
      used: false,
    };
    this.codes.set(code.code, code);
    const target = new URL(request.redirectUri);
    if (request.state !== null) target.searchParams.set('state', request.state);
    target.searchParams.set('code', code.code);
    target.searchParams.set('scope', request.scopes.join(' '));
    target.searchParams.set('authuser', '0');
    target.searchParams.set('prompt', 'consent');
    this.log(`oauth: ${account.email} approved ${request.scopes.length} scope(s) for ${request.clientId}`);
    redirect(ctx, target.toString());
  }

  deny(ctx: Context): void {
    const request = this.requests.get(ctx.url.searchParams.get('request') ?? '');
    if (!request) {
      sendHtml(ctx, 400, errorPage('요청이 만료되었습니다', '로그인 요청을 찾을 수 없거나 만료되었습니다.'));
      return;
    }
    this.requests.delete(request.id);
    const target = new URL(request.redirectUri);
    target.searchParams.set('error', 'access_denied');
    if (request.state !== null) target.searchParams.set('state', request.state);
    redirect(ctx, target.toString());
  }

  // --- The token endpoint -------------------------------------------------------------------------------------

  /** The account a /token or /revoke request acts for, so faults can target one account. */
  accountOfRequest(ctx: Context): string | null {
    const params = { ...Object.fromEntries(ctx.url.searchParams), ...ctx.params() };
    if (params.refresh_token) return this.refreshTokens.get(params.refresh_token)?.account ?? null;
    if (params.code) return this.codes.get(params.code)?.account ?? null;
    const token = params.token ?? params.access_token;
    if (token) return this.accessTokens.get(token)?.grant.account ?? this.refreshTokens.get(token)?.account ?? null;
    const bearer = /^Bearer\s+(.+)$/i.exec(String(ctx.req.headers.authorization ?? ''))?.[1];
    return bearer ? (this.accessTokens.get(bearer)?.grant.account ?? null) : null;
  }

  /** Is this a refresh_token grant (the only request an `invalid_grant` fault applies to)? */
  isRefreshGrant(ctx: Context): boolean {
    return ctx.params().grant_type === 'refresh_token';
  }

  refreshTokenAccount(ctx: Context): string | null {
    return this.refreshTokens.get(ctx.params().refresh_token ?? '')?.account ?? null;
  }

  private clientCredentials(ctx: Context): { clientId?: string; clientSecret?: string } {
    const params = ctx.params();
    const basic = /^Basic\s+(.+)$/i.exec(String(ctx.req.headers.authorization ?? ''))?.[1];
    if (basic) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon >= 0) {
        return {
          clientId: decodeURIComponent(decoded.slice(0, colon)),
          clientSecret: decodeURIComponent(decoded.slice(colon + 1)),
        };
      }
    }
    return { clientId: params.client_id, clientSecret: params.client_secret };
  }

  async token(ctx: Context): Promise<void> {
    if (ctx.method !== 'POST') {
      sendOAuthError(ctx, 405, 'invalid_request', 'Method not allowed');
      return;
    }
    const params = ctx.params();
    const grantType = params.grant_type ?? '';
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      sendOAuthError(ctx, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
      return;
    }
    const { clientId, clientSecret } = this.clientCredentials(ctx);
    if (!clientId) return sendOAuthError(ctx, 400, 'invalid_request', 'Could not determine client ID from request.');
    if (clientId !== this.clientId)
      return sendOAuthError(ctx, 401, 'invalid_client', 'The OAuth client was not found.');
    if (clientSecret !== this.clientSecret) return sendOAuthError(ctx, 401, 'invalid_client', 'Unauthorized');
    if (grantType === 'authorization_code') return this.redeemCode(ctx, params, clientId);
    return this.refresh(ctx, params, clientId);
  }

  private async redeemCode(ctx: Context, params: Record<string, string>, clientId: string): Promise<void> {
    if (!params.code) return sendOAuthError(ctx, 400, 'invalid_request', 'Missing required parameter: code');
    const code = this.codes.get(params.code);
    if (!code || code.used || code.expiresAt < Date.now() || code.clientId !== clientId) {
      return sendOAuthError(ctx, 400, 'invalid_grant', 'Bad Request');
    }
    if (!params.redirect_uri) return sendOAuthError(ctx, 400, 'invalid_request', 'Missing parameter: redirect_uri');
    if (params.redirect_uri !== code.redirectUri)
      return sendOAuthError(ctx, 400, 'redirect_uri_mismatch', 'Bad Request');
    if (code.codeChallenge !== null) {
      const verifier = params.code_verifier;
      if (!verifier) return sendOAuthError(ctx, 400, 'invalid_grant', 'Missing code verifier.');
      const computed =
        code.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (computed !== code.codeChallenge) return sendOAuthError(ctx, 400, 'invalid_grant', 'Invalid code verifier.');
    }
    code.used = true;
    const grant: Grant = {
      id: random(12),
      account: code.account,
      clientId,
      scopes: code.scopes,
      refreshToken: code.offline ? `1//0e${random(72)}` : null,
      revoked: false,
    };
    this.grants.set(grant.id, grant);
    if (grant.refreshToken) this.refreshTokens.set(grant.refreshToken, grant);
    this.saveGrants();
    const access = this.issueAccessToken(grant);
    const body: Record<string, unknown> = {
      access_token: access.token,
      expires_in: ACCESS_TOKEN_SECONDS,
      ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
      scope: grant.scopes.join(' '),
      token_type: 'Bearer',
    };
    const idToken = await this.idTokenFor(grant, ctx.origin);
    if (idToken) body.id_token = idToken;
    this.log(`oauth: issued tokens for ${grant.account}${grant.refreshToken ? ' (with a refresh token)' : ''}`);
    sendJson(ctx, 200, body, { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate', pragma: 'no-cache' });
  }

  private async refresh(ctx: Context, params: Record<string, string>, clientId: string): Promise<void> {
    if (!params.refresh_token)
      return sendOAuthError(ctx, 400, 'invalid_request', 'Missing required parameter: refresh_token');
    const grant = this.refreshTokens.get(params.refresh_token);
    if (!grant || grant.revoked) return sendOAuthError(ctx, 400, 'invalid_grant', 'Token has been expired or revoked.');
    if (grant.clientId !== clientId) return sendOAuthError(ctx, 400, 'unauthorized_client', 'Unauthorized');
    const access = this.issueAccessToken(grant);
    const body: Record<string, unknown> = {
      access_token: access.token,
      expires_in: ACCESS_TOKEN_SECONDS,
      scope: grant.scopes.join(' '),
      token_type: 'Bearer',
    };
    const idToken = await this.idTokenFor(grant, ctx.origin);
    if (idToken) body.id_token = idToken;
    sendJson(ctx, 200, body, { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate', pragma: 'no-cache' });
  }

  private issueAccessToken(grant: Grant): AccessToken {
    const access: AccessToken = {
      token: `ya29.a0${random(96)}`,
      grant,
      expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000,
      revoked: false,
    };
    this.accessTokens.set(access.token, access);
    return access;
  }

  // --- Revocation, expiry, tokeninfo --------------------------------------------------------------------------

  private revokeGrant(grant: Grant): void {
    grant.revoked = true;
    for (const access of this.accessTokens.values()) if (access.grant === grant) access.revoked = true;
    this.saveGrants();
  }

  /** Revokes every grant of an account (an `invalid_grant` fault); answers how many. */
  revokeAccount(email: string): number {
    let count = 0;
    for (const grant of this.grants.values()) {
      if (!grant.revoked && grant.account.toLowerCase() === email.toLowerCase()) {
        this.revokeGrant(grant);
        count++;
      }
    }
    return count;
  }

  revoke(ctx: Context): void {
    const token = ctx.url.searchParams.get('token') ?? ctx.params().token;
    if (!token) return sendOAuthError(ctx, 400, 'invalid_request', 'Bad Request');
    const access = this.accessTokens.get(token);
    // Revoking an access token revokes its grant, refresh token included, as Google does.
    const grant = access?.grant ?? this.refreshTokens.get(token);
    if (!grant || grant.revoked || access?.revoked)
      return sendOAuthError(ctx, 400, 'invalid_token', 'Token expired or revoked');
    this.revokeGrant(grant);
    this.log(`oauth: revoked the grant of ${grant.account}`);
    sendJson(ctx, 200, {});
  }

  /** Makes current access tokens (of one account, or all) expired; answers how many. */
  expireAccessTokens(email: string | null): number {
    const now = Date.now();
    let count = 0;
    for (const access of this.accessTokens.values()) {
      if (access.expiresAt <= now || access.revoked) continue;
      if (email && access.grant.account.toLowerCase() !== email.toLowerCase()) continue;
      access.expiresAt = now - 1;
      count++;
    }
    return count;
  }

  private validAccessToken(token: string): AccessToken | null {
    const access = this.accessTokens.get(token);
    if (!access || access.revoked || access.grant.revoked || access.expiresAt <= Date.now()) return null;
    return access;
  }

  async tokenInfo(ctx: Context): Promise<void> {
    const params = { ...ctx.params(), ...Object.fromEntries(ctx.url.searchParams) };
    if (params.id_token) {
      const claims = await this.verifyOwnIdToken(params.id_token);
      if (!claims) return sendOAuthError(ctx, 400, 'invalid_token', 'Invalid Value');
      sendJson(ctx, 200, Object.fromEntries(Object.entries(claims).map(([key, value]) => [key, String(value)])));
      return;
    }
    const token = params.access_token ?? /^Bearer\s+(.+)$/i.exec(String(ctx.req.headers.authorization ?? ''))?.[1];
    const access = token ? this.validAccessToken(token) : null;
    if (!access) return sendOAuthError(ctx, 400, 'invalid_token', 'Invalid Value');
    const account = this.findAccount(access.grant.account);
    const body: Record<string, string> = {
      azp: access.grant.clientId,
      aud: access.grant.clientId,
      sub: account?.id ?? '',
      scope: access.grant.scopes.join(' '),
      exp: String(Math.floor(access.expiresAt / 1000)),
      expires_in: String(Math.max(0, Math.floor((access.expiresAt - Date.now()) / 1000))),
    };
    if (access.grant.scopes.includes(SCOPE_EMAIL) && account) {
      body.email = account.email;
      body.email_verified = 'true';
    }
    body.access_type = access.grant.refreshToken ? 'offline' : 'online';
    sendJson(ctx, 200, body);
  }

  /** Checks the bearer token of an API request; answers 401 itself and returns null when it is not valid. */
  authenticate(ctx: Context): Authenticated | null {
    const header = String(ctx.req.headers.authorization ?? '');
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) {
      sendUnauthenticated(ctx, true);
      return null;
    }
    const access = this.validAccessToken(token);
    const account = access ? this.findAccount(access.grant.account) : undefined;
    if (!access || !account) {
      sendUnauthenticated(ctx, false);
      return null;
    }
    return { account, scopes: new Set(access.grant.scopes), token };
  }

  /** The account of a bearer token, valid or not (for faults aimed at one account). */
  accountOfBearer(ctx: Context): string | null {
    const token = /^Bearer\s+(\S+)$/i.exec(String(ctx.req.headers.authorization ?? ''))?.[1];
    return token ? (this.accessTokens.get(token)?.grant.account ?? null) : null;
  }

  // --- ID tokens ----------------------------------------------------------------------------------------------

  private key(): Promise<SigningKey> {
    if (!this.signingKey) {
      this.signingKey = new Promise((resolve, reject) => {
        generateKeyPair('rsa', { modulusLength: 2048 }, (error, publicKey, privateKey) => {
          if (error) reject(error);
          else
            resolve({
              kid: createHash('sha256')
                .update(publicKey.export({ type: 'spki', format: 'der' }))
                .digest('hex')
                .slice(0, 40),
              privateKey,
              publicKey,
            });
        });
      });
    }
    return this.signingKey;
  }

  /** Starts generating the signing key in the background. */
  warmUp(): void {
    void this.key().catch(() => undefined);
  }

  private async idTokenFor(grant: Grant, origin: string): Promise<string | null> {
    if (!grant.scopes.some((s) => s === 'openid' || s === SCOPE_EMAIL || s === SCOPE_PROFILE)) return null;
    const account = this.findAccount(grant.account);
    if (!account) return null;
    const key = await this.key();
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      iss: 'https://accounts.google.com',
      azp: grant.clientId,
      aud: grant.clientId,
      sub: account.id,
      iat: now,
      exp: now + ACCESS_TOKEN_SECONDS + 1,
    };
    if (grant.scopes.includes(SCOPE_EMAIL)) Object.assign(claims, { email: account.email, email_verified: true });
    if (grant.scopes.includes(SCOPE_PROFILE)) {
      Object.assign(claims, {
        name: account.name,
        picture: `${origin}/sandbox/avatars/${account.id}`,
        given_name: account.givenName,
        family_name: account.familyName,
      });
    }
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: key.kid, typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), key.privateKey).toString('base64url');
    return `${header}.${payload}.${signature}`;
  }

  private async verifyOwnIdToken(token: string): Promise<Record<string, unknown> | null> {
    const [header, payload, signature] = token.split('.');
    if (!header || !payload || !signature) return null;
    const key = await this.key();
    if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), key.publicKey, Buffer.from(signature, 'base64url')))
      return null;
    try {
      const decodedHeader = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return null;
      return { ...claims, alg: decodedHeader.alg, kid: decodedHeader.kid, typ: decodedHeader.typ };
    } catch {
      return null;
    }
  }

  /** `/oauth2/v1/certs`: key id → PEM, as google-auth-library's verifyIdToken reads it. */
  async pemCerts(ctx: Context): Promise<void> {
    const key = await this.key();
    sendJson(
      ctx,
      200,
      { [key.kid]: key.publicKey.export({ type: 'spki', format: 'pem' }).toString() },
      { 'cache-control': 'public, max-age=3600' },
    );
  }

  /** `/oauth2/v3/certs`: the same key as a JWK set. */
  async jwkCerts(ctx: Context): Promise<void> {
    const key = await this.key();
    sendJson(
      ctx,
      200,
      { keys: [{ ...key.publicKey.export({ format: 'jwk' }), kid: key.kid, alg: 'RS256', use: 'sig' }] },
      { 'cache-control': 'public, max-age=3600' },
    );
  }
}
