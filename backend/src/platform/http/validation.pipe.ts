import { type ArgumentMetadata, BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { ValidationIssue } from './error-body.js';
import { firstIssueIn } from './input-walk.js';

/** PostgreSQL's integer: every id, page and count we take is one, and one past it fails in the database. */
export const MAX_INT = 2_147_483_647;

function flatten(errors: ValidationError[], parent = ''): ValidationIssue[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    // A field whose rules share one wording (a range said once) says it once.
    const own = [...new Set(Object.values(error.constraints ?? {}))].map((message) => ({ path, message }));
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/** The first number of a validated input that PostgreSQL's integer cannot hold (1e20, 2147483648, Infinity). */
export function findOutOfRangeNumber(value: unknown, path: string): ValidationIssue | null {
  return firstIssueIn(value, path, (inner, at) =>
    typeof inner !== 'number' || (Number.isFinite(inner) && Math.abs(inner) <= MAX_INT)
      ? null
      : { path: at, message: `${at || 'value'} must be between -${MAX_INT} and ${MAX_INT}` },
  );
}

/** DTO validation, then the bounds every number shares, whatever its DTO says. */
class HouseValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const result: unknown = await super.transform(value, metadata);
    if (metadata.type === 'custom') return result;
    const issue = findOutOfRangeNumber(
      result,
      metadata.type === 'param' || metadata.type === 'query' ? (metadata.data ?? '') : '',
    );
    if (issue) throw new BadRequestException({ message: issue.message, details: { validation: [issue] } });
    return result;
  }
}

/** Validates DTOs and answers 400 with every problem as {path, message}. */
export function createValidationPipe(): ValidationPipe {
  return new HouseValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    exceptionFactory: (errors) => {
      const validation = flatten(errors);
      return new BadRequestException({
        message: validation.map((issue) => issue.message).join('; ') || 'Validation failed',
        details: { validation },
      });
    },
  });
}
