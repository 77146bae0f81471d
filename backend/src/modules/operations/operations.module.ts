import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG } from '../../platform/config/config.js';
import { jwtModuleOptions } from '../../platform/crypto/jwt-options.js';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { QueueBoardController } from './queue-board.controller.js';
import { QueueBoardService } from './queue-board.service.js';

@Module({
  imports: [AuthModule, QueueModule, JwtModule.registerAsync({ inject: [APP_CONFIG], useFactory: jwtModuleOptions })],
  controllers: [QueueBoardController],
  providers: [QueueBoardService],
  exports: [QueueBoardService],
})
export class OperationsModule {}
