import { SEND_MESSAGES } from './send-messages.js';

describe('SEND_MESSAGES.allExcluded', () => {
  it('names each reason with its count, in the order of the reasons, leaving out those at nought', () => {
    expect(SEND_MESSAGES.allExcluded({ duplicate: 1, 'opted-out': 2, 'no-consent': 0, 'not-mobile': 3 })).toBe(
      'Every recipient is left out, so nothing was sent: 2 opted out (수신거부), 3 not a mobile number, 1 the same message twice.',
    );
  });
});
