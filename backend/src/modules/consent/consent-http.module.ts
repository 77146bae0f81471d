import { Module } from '@nestjs/common';
import { ConsentController } from './consent.controller.js';
import { ConsentModule } from './consent.module.js';

/** The register's HTTP routes, for the API process. */
@Module({
  imports: [ConsentModule],
  controllers: [ConsentController],
})
export class ConsentHttpModule {}
