import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { QueueBoardService } from './modules/operations/queue-board.service.js';
import { UsersService } from './modules/users/users.service.js';
import type { AppConfig } from './platform/config/config.js';
import { migrateDatabase } from './platform/database/prepare-database.js';
import { buildHttpApp } from './platform/http/create-http-app.js';
import { openApiYaml } from './platform/http/openapi-document.js';

// The composition root's side of start-up: platform's HTTP and database set-up, given this product's modules.

/** The API with the queue board beside it and, when WEB_ROOT is set, the SPA; not yet listening. */
export function createHttpApp(config: AppConfig, logger: Logger): Promise<NestFastifyApplication> {
  return buildHttpApp(AppModule.forRoot(config), config, logger, [
    (app, fastify) => app.get(QueueBoardService).mount(fastify),
  ]);
}

/** Applies the committed migrations and makes sure a superadmin exists. Safe to run on every start. */
export function prepareDatabase(app: INestApplicationContext) {
  return migrateDatabase(app, () => app.get(UsersService, { strict: false }).ensureSuperadmin());
}

/** The OpenAPI document of the API as YAML. */
export function buildOpenApiYaml(): Promise<string> {
  return openApiYaml((config) => AppModule.forRoot(config));
}
