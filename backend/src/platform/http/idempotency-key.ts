import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { createHash } from 'node:crypto';

/**
 * The Idempotency-Key header of a request that sends something: one key per thing the user means to send, so that
 * a repeated request (a double click, a retry after a lost answer) sends nothing more and answers as the first.
 */
export const IdempotencyKey = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<{ headers: Record<string, string | string[] | undefined> }>().headers[
    'idempotency-key'
  ];
  return typeof value === 'string' ? value : undefined;
});

/** Documents the header (a @Headers parameter would be listed as required). */
export const ApiIdempotencyKey = (what: string) =>
  ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: `One key per ${what} the user means to send: a repeated request with it sends nothing more and answers as the first`,
  });

const KEY = /^[A-Za-z0-9_.:-]{8,255}$/;

/** The key as given, or a 400 when it is not one. */
export function checkedIdempotencyKey(key: string): string {
  if (!KEY.test(key)) throw new BadRequestException('Idempotency-Key must be 8 to 255 letters, digits, or . _ : -');
  return key;
}

/** What tells a repeated request from another one under the same key. */
export const requestHash = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');
