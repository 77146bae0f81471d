import { bounceOf, bounceReason, plainDiagnostic, readDeliveryStatus, statusWords } from './delivery-status.js';

// Gmail's report of an address that does not exist, as its mailer-daemon sends it (CRLF, a folded diagnostic).
const GMAIL_NO_SUCH_USER = [
  'Reporting-MTA: dns; googlemail.com',
  'Arrival-Date: Sat, 12 Dec 2026 01:02:03 +0000',
  '',
  'Final-Recipient: rfc822; Nobody@Studio.example',
  'Action: failed',
  'Status: 5.1.1',
  'Remote-MTA: dns; studio.example',
  'Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist. Please try',
  " 550-5.1.1 double-checking the recipient's email address for typos or",
  ' 550 5.1.1  https://support.google.com/mail/?p=NoSuchUser',
  'Last-Attempt-Date: Sat, 12 Dec 2026 01:02:03 +0000',
  '',
].join('\r\n');

describe('delivery-status reports', () => {
  it("reads each recipient's address, action, status and the server's answer in one sentence", () => {
    expect(readDeliveryStatus(GMAIL_NO_SUCH_USER)).toEqual([
      {
        recipient: 'nobody@studio.example',
        action: 'failed',
        status: '5.1.1',
        diagnostic:
          "The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or https://support.google.com/mail/?p=NoSuchUser",
      },
    ]);
  });

  it('reads several recipients, Original-Recipient when Final-Recipient is missing, and tolerates what is malformed', () => {
    const report = [
      'Reporting-MTA: dns; mx.example',
      '',
      'Original-Recipient: rfc822;<a@x.example>',
      'Action: Delayed',
      'Status: 4.4.1 (no answer)',
      '',
      'Final-Recipient: b@y.example',
      'Action: failed',
      'Status: five',
    ].join('\n');
    expect(readDeliveryStatus(report)).toEqual([
      { recipient: 'a@x.example', action: 'delayed', status: '4.4.1', diagnostic: null },
      { recipient: 'b@y.example', action: 'failed', status: null, diagnostic: null },
    ]);
    expect(readDeliveryStatus('')).toEqual([]);
  });

  it('says a status in plain words, by its detail, else its subject, else its class', () => {
    expect(statusWords('5.1.1')).toBe('The address does not exist');
    expect(statusWords('5.2.2')).toBe('The mailbox is full');
    expect(statusWords('5.7.26')).toBe("The recipient's server refused the message for its security or policy rules");
    expect(statusWords('5.9.9')).toBe('The message could not be delivered');
    expect(statusWords(null)).toBe('The message could not be delivered');
  });

  it('gives the reason with the code and the answer, and no more than 500 characters', () => {
    expect(bounceReason({ status: '5.2.2', diagnostic: 'Mailbox full' })).toBe(
      'The mailbox is full (5.2.2): Mailbox full',
    );
    expect(bounceReason({ status: null, diagnostic: null })).toBe('The message could not be delivered');
    expect(bounceReason({ status: '5.1.1', diagnostic: 'x'.repeat(1000) })).toHaveLength(500);
    expect(plainDiagnostic('smtp; 552 5.2.2 Over quota')).toBe('Over quota');
    expect(plainDiagnostic('X-Postfix; host said: 550 unknown user')).toBe('host said: unknown user');
  });

  it('is a bounce of our recipient only for a permanent failure of an address we sent to', () => {
    expect(bounceOf(GMAIL_NO_SUCH_USER, [' nobody@studio.example '])).toEqual({
      recipient: 'nobody@studio.example',
      reason: expect.stringMatching(
        /^The address does not exist \(5\.1\.1\): The email account that you tried to reach does not exist\./,
      ),
    });
    expect(bounceOf(GMAIL_NO_SUCH_USER, ['someone-else@studio.example'])).toBeNull();
    const delayed = GMAIL_NO_SUCH_USER.replace('Action: failed', 'Action: delayed').replace(
      'Status: 5.1.1',
      'Status: 4.4.1',
    );
    expect(bounceOf(delayed, ['nobody@studio.example'])).toBeNull();
  });
});
