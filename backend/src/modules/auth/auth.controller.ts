import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type Principal, Public } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import type { User } from '../users/user.entity.js';
import { OptionalAccessTokenGuard, SignInGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { AuthSessionDto, LoginDto, LogoutDto, RefreshTokenDto, SuccessDto } from './dto/auth.dto.js';

@ApiTags('auth')
@ApiErrorResponses(400, 401)
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @UseGuards(SignInGuard)
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthSessionDto })
  @ApiErrorResponses({ 403: 'Role user: Access denied. Admin privileges required.' }, 429)
  // The body is declared for the API's documentation; SignInGuard has validated and checked it already.
  login(@Body() _body: LoginDto, @Req() request: FastifyRequest & { user: User }): Promise<AuthSessionDto> {
    return this.auth.startSession(request.user);
  }

  @Public()
  @Post('refresh-token')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthSessionDto })
  refresh(@Body() body: RefreshTokenDto): Promise<AuthSessionDto> {
    return this.auth.refresh(body.refreshToken);
  }

  /** Public so that a client whose access token has expired can still end its session with the refresh token. */
  @Public()
  @UseGuards(OptionalAccessTokenGuard)
  @Post('logout')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessDto })
  async logout(
    @Body() body: LogoutDto,
    @Req() request: FastifyRequest & { principal?: Principal },
  ): Promise<SuccessDto> {
    await this.auth.logout(request.principal, body.refreshToken);
    return { success: true };
  }
}
