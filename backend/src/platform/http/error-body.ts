import { STATUS_CODES } from 'node:http';
import { HttpException } from '@nestjs/common';
import { DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { lastFailedQuery } from '../database/failed-query-logger.js';
import { DomainError, type DomainErrorKind } from '../domain/domain-error.js';
import type { ErrorDetailsDto, ErrorResponseDto, ValidationIssueDto } from './error-response.dto.js';

export type ValidationIssue = ValidationIssueDto;
export type ErrorDetails = ErrorDetailsDto;
export type ErrorBody = ErrorResponseDto;

/** Column names that appear in unique constraints, named after the field the client sent. */
const UNIQUE_CONSTRAINT_FIELDS: Record<string, string> = {
  users_email_unique: 'email',
  users_username_unique: 'username',
};

/** The one place a domain error's kind becomes an HTTP status. */
const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'too-many-requests': 429,
  upstream: 502,
  unavailable: 503,
};

export function domainErrorStatus(error: DomainError): number {
  return DOMAIN_ERROR_STATUS[error.kind];
}

export function errorBody(statusCode: number, message: string, details?: ErrorDetails): ErrorBody {
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (details && Object.keys(details).length > 0) body.details = details;
  return body;
}

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message: string;
}

/** Turns anything thrown into the error shape, hiding internals unless `verbose`. */
export function toErrorBody(exception: unknown, verbose: boolean): ErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'string') return errorBody(status, response);
    const { message, details } = response as { message?: string | string[]; details?: ErrorDetails };
    const text = Array.isArray(message) ? message.join('; ') : (message ?? exception.message);
    return errorBody(status, text, details);
  }
  if (exception instanceof DomainError)
    return errorBody(domainErrorStatus(exception), exception.message, exception.details as ErrorDetails | undefined);
  if (exception instanceof UniqueConstraintViolationException) {
    const constraint = (exception as { constraint?: string }).constraint ?? '';
    const field = UNIQUE_CONSTRAINT_FIELDS[constraint];
    const details: ErrorDetails = { conflictingFields: field ? [field] : [] };
    if (verbose) Object.assign(details, driverDetails(exception));
    return errorBody(409, field ? `${capitalise(field)} is already in use` : 'The record already exists', details);
  }
  const fastifyError = exception as FastifyLikeError;
  if (
    typeof fastifyError?.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500 &&
    typeof fastifyError.code === 'string' &&
    fastifyError.code.startsWith('FST_')
  ) {
    return errorBody(fastifyError.statusCode, fastifyError.message);
  }
  if (!verbose) return errorBody(500, 'Internal server error');
  const details: ErrorDetails =
    exception instanceof DriverException
      ? driverDetails(exception)
      : {
          errorType: exception instanceof Error ? exception.name : typeof exception,
          originalError: exception instanceof Error ? exception.message : String(exception),
        };
  return errorBody(500, 'Internal server error', details);
}

function driverDetails(exception: DriverException): ErrorDetails {
  const e = exception as DriverException & { detail?: string; query?: string; sql?: string };
  return {
    errorType: e.name,
    databaseDetail: e.detail,
    query: e.query ?? e.sql ?? lastFailedQuery(),
    originalError: e.message,
  };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
