import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG } from '../../platform/config/config.js';
import { jwtModuleOptions } from '../../platform/crypto/jwt-options.js';
import { AuthModule } from '../auth/auth.module.js';
import { GoogleAuthController } from './google-auth.controller.js';
import { GoogleOAuthState } from './google-oauth-state.js';
import { MailAccountsModule } from './mail-accounts.module.js';
import { UserEmailController } from './user-email.controller.js';

/** The API's routes of mail accounts: connecting through Google's consent, listing, removing, Drive. */
@Module({
  imports: [
    MailAccountsModule,
    AuthModule,
    JwtModule.registerAsync({ inject: [APP_CONFIG], useFactory: jwtModuleOptions }),
  ],
  controllers: [GoogleAuthController, UserEmailController],
  providers: [GoogleOAuthState],
})
export class MailAccountsHttpModule {}
