/**
 * What kind of refusal a domain error is. The HTTP layer gives each kind its status (platform/http/error-body);
 * a worker reads from it whether trying again could help.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'unprocessable'
  | 'too-many-requests'
  | 'upstream'
  | 'unavailable';

/** A refusal a service states in the product's words: its kind, its message, and what the client may need. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  /** This error, caused by `cause` (Error's own cause: what a log, or googleFailureOf, reads behind it). */
  causedBy(cause: unknown): this {
    this.cause = cause;
    return this;
  }

  /** Input, access or configuration: the same work refused again, so a job should not retry it. */
  get permanent(): boolean {
    return this.kind !== 'too-many-requests' && this.kind !== 'upstream' && this.kind !== 'unavailable';
  }
}

export const invalid = (message: string, details?: Readonly<Record<string, unknown>>) =>
  new DomainError('invalid', message, details);
export const notFound = (message: string) => new DomainError('not-found', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const unprocessable = (message: string) => new DomainError('unprocessable', message);
export const tooManyRequests = (message: string) => new DomainError('too-many-requests', message);
export const upstream = (message: string) => new DomainError('upstream', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);
