import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../platform/http/auth-decorators.js';
import { ErrorResponseDto } from '../../platform/http/error-response.dto.js';
import { bearerToken } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { AuthSessionDto, LoginDto, LogoutDto, RefreshTokenDto, SuccessDto } from './dto/auth.dto.js';

@ApiTags('auth')
@ApiBadRequestResponse({ type: ErrorResponseDto })
@ApiUnauthorizedResponse({ type: ErrorResponseDto })
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthSessionDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Role user: Access denied. Admin privileges required.' })
  @ApiTooManyRequestsResponse({ type: ErrorResponseDto })
  login(@Body() body: LoginDto, @Req() request: FastifyRequest): Promise<AuthSessionDto> {
    return this.auth.login(body.email, body.password, request.ip);
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
  @Post('logout')
  @HttpCode(200)
  @ApiOkResponse({ type: SuccessDto })
  async logout(@Body() body: LogoutDto, @Req() request: FastifyRequest): Promise<SuccessDto> {
    const token = bearerToken(request.headers.authorization);
    const principal = token ? await this.auth.authenticate(token).catch(() => undefined) : undefined;
    await this.auth.logout(principal, body.refreshToken);
    return { success: true };
  }
}
