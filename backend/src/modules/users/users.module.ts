import { Module } from '@nestjs/common';
import { AccountEventsModule } from '../../platform/events/account-events.js';
import { AccessVersion } from './access-version.service.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [AccountEventsModule],
  controllers: [UsersController],
  providers: [UsersService, AccessVersion],
  exports: [UsersService, AccessVersion],
})
export class UsersModule {}
