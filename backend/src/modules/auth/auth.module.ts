import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG } from '../../platform/config/config.js';
import { jwtModuleOptions } from '../../platform/crypto/jwt-options.js';
import { AccountEventsModule } from '../../platform/events/account-events.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { AccessTokenStrategy } from './strategies/access-token.strategy.js';
import { PasswordStrategy } from './strategies/password.strategy.js';

@Module({
  imports: [
    UsersModule,
    AccountEventsModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: jwtModuleOptions,
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, PasswordStrategy, AccessTokenStrategy, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthService],
})
export class AuthModule {}
