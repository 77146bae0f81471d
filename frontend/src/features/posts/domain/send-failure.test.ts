import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { recipientRefusal, sendFailureMessage } from './send-failure.ts';

describe('sendFailureMessage', () => {
  it("gives the server's reason, an unexpected status, or asks to try again", () => {
    expect(
      sendFailureMessage(
        new ApiError(429, {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'The daily sending limit of a@b.kr has been reached.',
        }),
      ),
    ).toBe('Failed to send email: The daily sending limit of a@b.kr has been reached.');
    expect(sendFailureMessage(new ApiError(500, undefined))).toBe('Failed to send email: Unexpected response status');
    expect(sendFailureMessage(new TypeError('fetch failed'))).toBe('Failed to send email: Please try again.');
  });
});

describe('recipientRefusal', () => {
  it("names the server's refusal of the address itself, and nothing else", () => {
    const message = 'casting@agency.example has opted out of e-mails (수신거부): this e-mail cannot be sent to it.';
    expect(
      recipientRefusal(
        new ApiError(400, {
          statusCode: 400,
          error: 'Bad Request',
          message,
          details: { validation: [{ path: 'recipient', message }] },
        }),
      ),
    ).toBe(message);
    expect(
      recipientRefusal(new ApiError(400, { statusCode: 400, error: 'Bad Request', message: 'No models selected.' })),
    ).toBeNull();
    expect(recipientRefusal(new ApiError(429, { statusCode: 429, error: 'Too Many Requests', message }))).toBeNull();
    expect(recipientRefusal(new TypeError('fetch failed'))).toBeNull();
  });
});
