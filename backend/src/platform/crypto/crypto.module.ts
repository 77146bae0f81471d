import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { SecretBox } from './secret-box.js';

/** The SecretBox for stored credentials, keyed by ENCRYPTION_KEY. */
@Global()
@Module({
  providers: [
    {
      provide: SecretBox,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new SecretBox(config.ENCRYPTION_KEY),
    },
  ],
  exports: [SecretBox],
})
export class CryptoModule {}
