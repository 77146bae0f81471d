import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit } from './platform/config/load-or-exit.js';
import { createLogger, NestPinoLogger } from './platform/logging/logger.js';
import { WorkerModule } from './worker.module.js';

const config = loadConfigOrExit();
const logger = createLogger(config.LOG_LEVEL);
const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
  logger: new NestPinoLogger(logger),
});
app.enableShutdownHooks();
logger.info('Worker started');
