import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from './error-response.dto.js';

/** The failures a route documents; each answers the one error shape (ErrorResponseDto). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;

/**
 * Documents a route's (or a controller's) error answers in one line: `ApiErrorResponses(400, 404)`, or with what
 * a status means there, `ApiErrorResponses(400, { 409: 'Stale: ...' })`. Each is the ApiResponse Nest's own
 * ApiNotFoundResponse and the like would add, so the contract is the same.
 */
export function ApiErrorResponses(...responses: (ErrorStatus | Partial<Record<ErrorStatus, string>>)[]) {
  const decorators = responses.flatMap((response) =>
    typeof response === 'number'
      ? [ApiResponse({ status: response, type: ErrorResponseDto })]
      : Object.entries(response).map(([status, description]) =>
          ApiResponse({ status: Number(status), type: ErrorResponseDto, description }),
        ),
  );
  return applyDecorators(...decorators);
}
