import { DomainError, invalid, tooManyRequests, unavailable, upstream } from './domain-error.js';

describe('DomainError', () => {
  it('keeps its kind, message and details', () => {
    const error = invalid('Bad input', { validation: [] });
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('Bad input');
    expect(error.details).toEqual({ validation: [] });
  });

  it('is permanent unless a third party or our own service is down, or asks us to slow down', () => {
    expect(invalid('x').permanent).toBe(true);
    expect(new DomainError('conflict', 'x').permanent).toBe(true);
    expect(upstream('x').permanent).toBe(false);
    expect(unavailable('x').permanent).toBe(false);
    expect(tooManyRequests('x').permanent).toBe(false);
  });

  it('carries what caused it, as Error does', () => {
    const cause = new Error('Google said no');
    const error = tooManyRequests('Slow down').causedBy(cause);
    expect(error.cause).toBe(cause);
    expect(error.kind).toBe('too-many-requests');
  });
});
