import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal, type Principal, Public } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { GOOGLE_CALLBACK_PATH, GoogleGateway } from './providers/google.ports.js';
import {
  AuthUrlDto,
  ConsentWindowQueryDto,
  DriveFileDto,
  DriveFilesQueryDto,
  MailAccountDto,
  OAuthCallbackQueryDto,
  SetDailyLimitDto,
  SpreadsheetTabDto,
  SpreadsheetTabsParamsDto,
} from './dto/mail-account.dto.js';
import { AuthService } from '../auth/auth.service.js';
import { GoogleOAuthState } from './google-oauth-state.js';
import { MailAccountsService } from './mail-accounts.service.js';

const CONNECT_COOKIE = 'jc_google_connect';
const ACCOUNTS_PAGE = '/admin/email-accounts';
/** Spec §8, accounts. */
const CONNECT_FAILED = 'Failed to connect to Google. Please try again.';

@ApiTags('mail accounts')
@ApiBearerAuth()
@Controller('google-auth')
export class GoogleAuthController {
  constructor(
    private readonly accounts: MailAccountsService,
    private readonly google: GoogleGateway,
    private readonly oauthState: GoogleOAuthState,
    private readonly auth: AuthService,
  ) {}

  /** Starts connecting a Gmail account: the browser goes to the answer's authUrl. */
  @Post('connect')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthUrlDto })
  async connect(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ConsentWindowQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthUrlDto> {
    return this.startFlow(principal, query, request, reply);
  }

  /** A new consent for an account Google no longer accepts (or to renew its permissions). */
  @Get('reauthenticate/:id')
  @ApiOkResponse({ type: AuthUrlDto })
  @ApiErrorResponses(404)
  async reauthenticate(
    @CurrentPrincipal() principal: Principal,
    @Param('id', IdParamPipe) id: number,
    @Query() query: ConsentWindowQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AuthUrlDto> {
    const account = await this.accounts.get(id);
    return this.startFlow(principal, query, request, reply, account.email);
  }

  /** Google sends the browser back here; it then goes on to the accounts page with the outcome. */
  @Get('callback')
  @Public()
  @ApiExcludeEndpoint()
  async callback(
    @Query() query: OAuthCallbackQueryDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    reply.clearCookie(CONNECT_COOKIE, { path: GOOGLE_CALLBACK_PATH });
    const started = query.state ? await this.oauthState.finish(query.state, request.cookies[CONNECT_COOKIE]) : null;
    // A pop-up's page passes the outcome on to the window that opened it and closes.
    const back = (outcome: Record<string, string>) =>
      reply.redirect(
        `${ACCOUNTS_PAGE}?${new URLSearchParams({ ...outcome, ...(started?.popup ? { window: 'popup' } : {}) })}`,
        302,
      );

    if (query.error)
      return back({ connectError: query.error === 'access_denied' ? 'Google sign-in was cancelled.' : CONNECT_FAILED });
    // The staff member who started must still be signed in as staff (not signed out, demoted or removed since).
    const starter = started && (await this.auth.checkSession(started.sessionId, started.userId).catch(() => null));
    if (!starter || !query.code) {
      return back({ connectError: 'This Google sign-in link has expired or was already used. Please connect again.' });
    }
    try {
      const account = await this.accounts.saveConnected(query.code, starter.userId);
      return back(started.reauth ? { reauthenticated: account.email } : { connected: account.email });
    } catch (error) {
      request.log.warn({ err: error }, 'Google connect failed');
      return back({ connectError: CONNECT_FAILED });
    }
  }

  @Get('accounts')
  @ApiOkResponse({ type: [MailAccountDto] })
  list(): Promise<MailAccountDto[]> {
    return this.accounts.list();
  }

  /** Staff set the account's daily sending limit, when Google's for it is not its domain's (1 to 10,000). */
  @Put('accounts/:id/daily-limit')
  @ApiOkResponse({ type: MailAccountDto })
  @ApiErrorResponses(400, 404)
  setDailyLimit(@Param('id', IdParamPipe) id: number, @Body() body: SetDailyLimitDto): Promise<MailAccountDto> {
    return this.accounts.setDailyLimit(id, body.dailyLimit);
  }

  /** Revokes the account's access at Google, then removes it. */
  @Delete('accounts/:id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiErrorResponses(404)
  async remove(@Param('id', IdParamPipe) id: number): Promise<void> {
    await this.accounts.remove(id);
  }

  /** Drive entries for the file picker: folders first, then files by name. */
  @Get('files/:accountId')
  @ApiOkResponse({ type: [DriveFileDto] })
  @ApiErrorResponses({ 409: 'The account must be re-authenticated.' })
  files(
    @Param('accountId', IdParamPipe) accountId: number,
    @Query() query: DriveFilesQueryDto,
  ): Promise<DriveFileDto[]> {
    return this.accounts.driveFiles(accountId, query);
  }

  /** A spreadsheet's tabs, for the sheet import to pick one instead of typing its name. */
  @Get('spreadsheets/:accountId/:spreadsheetId/tabs')
  @ApiOkResponse({ type: [SpreadsheetTabDto] })
  @ApiErrorResponses({
    400: 'Not a Drive file id',
    404: 'No such account, or Google knows no such spreadsheet',
    409: 'The account must be re-authenticated.',
  })
  spreadsheetTabs(@Param() params: SpreadsheetTabsParamsDto): Promise<SpreadsheetTabDto[]> {
    return this.accounts.spreadsheetTabs(params.accountId, params.spreadsheetId);
  }

  private async startFlow(
    principal: Principal,
    { window }: ConsentWindowQueryDto,
    request: FastifyRequest,
    reply: FastifyReply,
    loginHint?: string,
  ): Promise<AuthUrlDto> {
    this.google.assertConfigured();
    // A login hint means an account signed in again: its outcome says re-authenticated.
    const { state, browserNonce } = await this.oauthState.start(
      principal.userId,
      principal.sessionId,
      window === 'popup',
      loginHint !== undefined,
    );
    reply.setCookie(CONNECT_COOKIE, browserNonce, {
      path: GOOGLE_CALLBACK_PATH,
      httpOnly: true,
      // Google's redirect back is a cross-site top-level GET: Lax cookies go with it.
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: GoogleOAuthState.ttlSeconds,
    });
    return { authUrl: this.google.authUrl(state, loginHint), appOrigin: this.google.appOrigin() };
  }
}
