import { Global, Module } from '@nestjs/common';
import { GoogleService } from './google.service.js';

/** Google's APIs for every module that needs them (mail accounts, sheet imports, sending). */
@Global()
@Module({ providers: [GoogleService], exports: [GoogleService] })
export class GoogleModule {}
