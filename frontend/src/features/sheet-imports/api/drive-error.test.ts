import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { driveErrorView } from './drive-error.ts';

describe('driveErrorView', () => {
  it('names the status and the server message', () => {
    const error = new ApiError(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'The account must be re-authenticated.',
    });
    expect(driveErrorView(error)).toEqual({ title: 'Error 409', message: 'The account must be re-authenticated.' });
    expect(driveErrorView(new ApiError(502, undefined))).toEqual({
      title: 'Error 502',
      message: 'Request failed with status 502',
    });
  });

  it('tells a missing answer from a failed request', () => {
    expect(driveErrorView(new TypeError('Failed to fetch'))).toEqual({
      title: 'No Response',
      message: 'No response received from the server.',
    });
    expect(driveErrorView(new Error('Bad URL'))).toEqual({ title: 'Request Error', message: 'Bad URL' });
    expect(driveErrorView('?')).toEqual({ title: 'Error', message: 'Failed to Fetch Files' });
  });
});
