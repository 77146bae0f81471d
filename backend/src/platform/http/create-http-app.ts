import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config.js';
import { NestPinoLogger } from '../logging/logger.js';
import { errorBody } from './error-body.js';
import { installRequestInputGuard } from './request-input-guard.js';
import { createValidationPipe } from './validation.pipe.js';

export const API_PREFIX = 'backend/api/v1';

/** The largest uploaded file (an address book of 100,000 contacts is about 15 MB). */
export const UPLOAD_LIMIT_BYTES = 64 * 1024 * 1024;
/** The largest send: 10,000 recipients, each with a text of its own. */
export const SEND_LIMIT_BYTES = 32 * 1024 * 1024;
/** The body every other route takes at most. */
export const BODY_LIMIT_BYTES = 1_048_576;
/** The routes whose body differs from the usual, as `METHOD /path`, with what they take. */
const ROUTE_BODY_LIMITS = new Map([
  [`POST /${API_PREFIX}/contact-imports`, UPLOAD_LIMIT_BYTES],
  [`POST /${API_PREFIX}/message-sends`, SEND_LIMIT_BYTES],
  [`POST /${API_PREFIX}/message-sends/preview`, SEND_LIMIT_BYTES],
  [`POST /${API_PREFIX}/opt-out-imports`, UPLOAD_LIMIT_BYTES],
  // Signing in is open to anyone: it takes no more than an e-mail, a password or a token.
  [`POST /${API_PREFIX}/auth/login`, 16 * 1024],
  [`POST /${API_PREFIX}/auth/refresh-token`, 16 * 1024],
  [`POST /${API_PREFIX}/auth/logout`, 16 * 1024],
]);
/** Outer bounds of multipart uploads (message pictures); each route checks its own rules. */
export const MULTIPART_MAX_FILE_BYTES = 8 * 1024 * 1024;
export const MULTIPART_MAX_FILES = 61;

/** The origin of an http (not https) Google API root, whose images the pages may show. */
function httpImageOrigins(config: AppConfig): string[] {
  const root = config.GOOGLE_API_ROOT_URL ? new URL(config.GOOGLE_API_ROOT_URL) : null;
  return root?.protocol === 'http:' ? [root.origin] : [];
}

/** What the composition root mounts on the server beside the API (the queue board), before the SPA. */
export type HttpMount = (app: NestFastifyApplication, fastify: FastifyInstance) => Promise<void>;

/**
 * Builds the HTTP application (the root module's API, the given mounts and, when WEB_ROOT is set, the SPA)
 * without listening. The root module and the mounts come from the composition root: platform imports no module.
 */
export async function buildHttpApp(
  rootModule: DynamicModule,
  config: AppConfig,
  logger: Logger,
  mounts: readonly HttpMount[] = [],
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Trust the nearest TRUST_PROXY_HOPS addresses of the forwarding chain; the one behind them is the client.
    trustProxy: (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
    // The spec writes some paths with a trailing slash (GET address-book/); both spellings reach the route.
    routerOptions: { ignoreTrailingSlash: true },
  });
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    logger: new NestPinoLogger(logger),
    abortOnError: false,
  });
  installRequestInputGuard(app, BODY_LIMIT_BYTES);
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  if (config.CORS_ORIGIN)
    app.enableCors({ origin: [config.CORS_ORIGIN], credentials: true, exposedHeaders: ['x-request-id'] });

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // Uploaded files (an address book's CSV) arrive as their bytes, however they are encoded. Only the routes of
  // ROUTE_BODY_LIMITS take more than the usual body, so nobody can make the server buffer a large body elsewhere,
  // and the sign-in routes, open to anyone, take far less.
  fastify.addContentTypeParser(
    ['text/csv', 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_request, body, done) => {
      done(null, body);
    },
  );
  fastify.addHook('onRoute', (route) => {
    const limit = ROUTE_BODY_LIMITS.get(`${String(route.method)} ${route.url}`);
    if (limit) route.bodyLimit = limit;
  });
  fastify.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // Security headers on every answer, by Helmet's middleware built once (@fastify/helmet builds it again for each
  // request, parsing the policy each time: about a tenth of what answering a kept page costs).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Google's thumbnails and avatars are https; a Google stand-in at an http address (the local sandbox)
        // serves its own.
        imgSrc: ["'self'", 'data:', 'https:', ...httpImageOrigins(config)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await app.register(fastifyCookie as never);
  // Files arrive as multipart (message pictures); a folder picked whole keeps its path in the file name.
  await app.register(fastifyMultipart as never, {
    preservePath: true,
    limits: { fileSize: MULTIPART_MAX_FILE_BYTES, files: MULTIPART_MAX_FILES, fields: 20 },
  });
  for (const mount of mounts) await mount(app, fastify);
  if (config.WEB_ROOT) await serveSpa(fastify, resolve(config.WEB_ROOT));
  return app;
}

/** Serves the built SPA; any GET outside /backend that is not a file gets index.html (client-side routes). */
async function serveSpa(fastify: FastifyInstance, root: string): Promise<void> {
  if (!existsSync(join(root, 'index.html'))) throw new Error(`WEB_ROOT ${root} has no index.html; build the front end`);
  await fastify.register(fastifyStatic, {
    root,
    wildcard: false,
    setHeaders: (reply, path) => {
      void reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  fastify.get('/*', async (request, reply) => {
    if (request.url.startsWith('/backend')) {
      return reply.status(404).send(errorBody(404, `Cannot ${request.method} ${request.url.split('?')[0]}`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
