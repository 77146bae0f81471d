import type { LoggerService } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type DestinationStream, type Logger, type LoggerOptions, pino, stdSerializers } from 'pino';

/**
 * Query parameters whose values are credentials: Google's OAuth code and state on its callback, the queue board's
 * one-time ticket, and any token or password a client might put in a URL.
 */
const SECRET_QUERY_PARAMETERS = [
  'code',
  'state',
  'ticket',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'password',
];
// A parameter's name as a query string may spell it: any letter percent-encoded (Fastify decodes names).
const spelled = (name: string) => [...name].map((c) => `(?:${c}|%${c.charCodeAt(0).toString(16)})`).join('');
const SECRET_QUERY_VALUE = new RegExp(`([?&;](?:${SECRET_QUERY_PARAMETERS.map(spelled).join('|')})=)[^&#\\s"']*`, 'gi');

/** The text with the values of secret query parameters, in any URL it holds, replaced by `[redacted]`. */
export function redactSecretQueryValues(text: string): string {
  return text.replace(SECRET_QUERY_VALUE, '$1[redacted]');
}

/** One JSON logger for the process; Fastify logs requests with it and Nest logs through it (to stdout by default). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'job-casting' },
    // Fastify's request line, less the secrets of its query; these replace Fastify's own serializers.
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactSecretQueryValues(String(request.url)),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: Error) => {
        const serialized = stdSerializers.err(error);
        if (typeof serialized.message === 'string') serialized.message = redactSecretQueryValues(serialized.message);
        if (typeof serialized.stack === 'string') serialized.stack = redactSecretQueryValues(serialized.stack);
        return serialized;
      },
    },
    // Messages that name a URL ("Route GET:/… not found") lose its secrets too.
    hooks: {
      logMethod(args, method) {
        return method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactSecretQueryValues(arg) : arg)) as Parameters<
            typeof method
          >,
        );
      },
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.refreshToken',
        '*.token',
        '*.accessToken',
        // A gateway key (a sender number's, or the default one).
        '*.apiKey',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
