import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { LoginRateLimiter } from './login-rate-limiter.js';

@Module({
  imports: [
    UsersModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // A key object made once: given the secret as a string, jsonwebtoken would first try (and fail) to read
        // it as a public key on every request.
        const key = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
        return { secretOrKeyProvider: () => key };
      },
    }),
  ],
  controllers: [AuthController],
  providers: [AuthService, LoginRateLimiter, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [AuthService],
})
export class AuthModule {}
