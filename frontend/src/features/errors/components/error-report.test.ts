import { describe, expect, it } from 'vitest';
import { parseErrorReport } from './error-report.ts';

describe('parseErrorReport', () => {
  it('reads every field of the API error shape', () => {
    const raw = JSON.stringify({
      statusCode: 409,
      error: 'Conflict',
      message: 'Email is already in use',
      details: {
        databaseDetail: 'Key (email)=(kim@example.com) already exists.',
        errorType: 'UniqueConstraintViolationException',
        validation: [{ path: 'email', message: 'Email is required' }],
        conflictingFields: ['email', 'username'],
        query: 'insert into "users" ...',
        originalError: 'duplicate key value violates unique constraint',
      },
    });
    expect(parseErrorReport(raw)).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Email is already in use',
      databaseDetail: 'Key (email)=(kim@example.com) already exists.',
      errorType: 'UniqueConstraintViolationException',
      validation: [{ path: 'email', message: 'Email is required' }],
      conflictingFields: ['email', 'username'],
      query: 'insert into "users" ...',
      originalError: 'duplicate key value violates unique constraint',
      raw,
    });
  });

  it('accepts the detail fields at the top level', () => {
    const report = parseErrorReport(
      JSON.stringify({ message: 'Bad', errorType: 'QueryFailed', conflictingFields: ['phone'] }),
    );
    expect(report.errorType).toBe('QueryFailed');
    expect(report.conflictingFields).toEqual(['phone']);
  });

  it('shows an original error given as an object as JSON', () => {
    const report = parseErrorReport(JSON.stringify({ message: 'x', details: { originalError: { code: '23505' } } }));
    expect(report.originalError).toContain('"code": "23505"');
  });

  it('treats text that is not JSON as the message', () => {
    expect(parseErrorReport('Something broke')).toEqual({
      message: 'Something broke',
      validation: [],
      conflictingFields: [],
      raw: 'Something broke',
    });
  });

  it('copes with a missing parameter', () => {
    expect(parseErrorReport(null)).toEqual({ message: undefined, validation: [], conflictingFields: [], raw: '' });
  });
});
