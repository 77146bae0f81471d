import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { stringify } from 'yaml';
import type { AppConfig } from '../config/config.js';
import { API_PREFIX } from './create-http-app.js';

/** Placeholder settings: in preview mode Nest builds the route table and never connects to anything. */
const PREVIEW_CONFIG = { REDIS_KEY_PREFIX: 'preview', JWT_SECRET: 'preview' } as AppConfig;

/**
 * The OpenAPI document of the API as YAML, built from the Nest decorators without starting a server. The root
 * module comes from the composition root: platform imports no module.
 */
export async function openApiYaml(rootModule: (config: AppConfig) => DynamicModule): Promise<string> {
  const app = await NestFactory.create(rootModule(PREVIEW_CONFIG), new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  app.setGlobalPrefix(API_PREFIX);
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('JOB CASTING API')
      .setDescription('The API of the JOB CASTING admin tool. Every route needs a bearer access token unless noted.')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  await app.close();
  return stringify(document, { sortMapEntries: true, lineWidth: 0, aliasDuplicateObjects: false });
}
