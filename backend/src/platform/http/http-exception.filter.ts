import { type ArgumentsHost, Catch, type ExceptionFilter, Inject } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { toErrorBody } from './error-body.js';

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = toErrorBody(exception, this.config.VERBOSE_ERRORS);
    if (body.statusCode >= 500) {
      request.log.error({ err: exception }, 'request failed');
    }
    const retryAfter = body.details?.retryAfterSeconds;
    if (retryAfter) void reply.header('retry-after', String(retryAfter));
    void reply.status(body.statusCode).send(body);
  }
}
