import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { GoogleAuthController } from './google-auth.controller.js';
import { GoogleOAuthState } from './google-oauth-state.js';
import { MailAccountsService } from './mail-accounts.service.js';
import { UserEmailController } from './user-email.controller.js';

@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ secret: config.JWT_SECRET }),
    }),
  ],
  controllers: [GoogleAuthController, UserEmailController],
  providers: [MailAccountsService, GoogleOAuthState],
  exports: [MailAccountsService],
})
export class MailAccountsModule {}
