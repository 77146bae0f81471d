import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { ValidationIssue } from './error-body.js';

function flatten(errors: ValidationError[], parent = ''): ValidationIssue[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ path, message }));
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/** Validates DTOs and answers 400 with every problem as {path, message}. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
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
