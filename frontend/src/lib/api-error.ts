import type { Schemas } from '@job-casting/contracts';

export type ErrorBody = Schemas['ErrorResponseDto'];

/** A failed API call, carrying the server's error body when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | undefined;

  constructor(status: number, body: unknown) {
    const parsed = isErrorBody(body) ? body : undefined;
    super(parsed?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parsed;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return !!value && typeof value === 'object' && typeof (value as ErrorBody).message === 'string';
}

/** The data of an openapi-fetch result, or an ApiError for its failure. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok) throw new ApiError(result.response.status, result.error);
  return result.data as T;
}

/** What to tell the user: the server's message when there is one, else the screen's own text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body?.message ? error.body.message : fallback;
}
