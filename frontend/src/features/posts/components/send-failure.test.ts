import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { sendFailureMessage } from './send-failure.ts';

describe('sendFailureMessage', () => {
  it("gives the server's reason, an unexpected status, or asks to try again", () => {
    expect(sendFailureMessage(new ApiError(429, { statusCode: 429, error: 'Too Many Requests', message: 'The daily sending limit of a@b.kr has been reached.' }))).toBe(
      'Failed to send email: The daily sending limit of a@b.kr has been reached.',
    );
    expect(sendFailureMessage(new ApiError(500, undefined))).toBe('Failed to send email: Unexpected response status');
    expect(sendFailureMessage(new TypeError('fetch failed'))).toBe('Failed to send email: Please try again.');
  });
});
