import { senderAddress, threadMessageKind } from './thread-message.js';

const ACCOUNT = 'casting.jihyun@gmail.com';
const message = (headers: Record<string, string>, labelIds: string[] = ['INBOX']) => ({ labelIds, headers });

describe('messages in the thread of a send', () => {
  it('reads the address of a From header', () => {
    expect(senderAddress('김실장 <Cast@Studio.example>')).toBe('cast@studio.example');
    expect(senderAddress('cast@studio.example')).toBe('cast@studio.example');
    expect(senderAddress('undisclosed')).toBeNull();
    expect(senderAddress(null)).toBeNull();
  });

  it("tells the account's own mail by its label or its sender", () => {
    expect(threadMessageKind(message({ From: `김지현 <${ACCOUNT}>` }, ['SENT']), ACCOUNT)).toBe('own');
    expect(threadMessageKind(message({ from: 'Casting.Jihyun@gmail.com' }), ACCOUNT)).toBe('own');
  });

  it("tells a customer's reply", () => {
    expect(
      threadMessageKind(
        message({ From: '김실장 <cast@studio.example>', 'Content-Type': 'text/plain; charset=UTF-8' }),
        ACCOUNT,
      ),
    ).toBe('reply');
    expect(threadMessageKind(message({ From: 'cast@studio.example', 'Auto-Submitted': 'no' }), ACCOUNT)).toBe('reply');
  });

  it("tells a mailer-daemon's delivery-status report from a reply, whoever sends it", () => {
    const report = 'multipart/report; boundary="dsn-1"; report-type=delivery-status';
    expect(
      threadMessageKind(
        message({
          From: 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
          'Content-Type': report,
          'Auto-Submitted': 'auto-replied',
        }),
        ACCOUNT,
      ),
    ).toBe('delivery-report');
    expect(
      threadMessageKind(
        message({
          From: 'postmaster@studio.example',
          'Content-Type': 'multipart/report; report-type="delivery-status"; boundary=x',
        }),
        ACCOUNT,
      ),
    ).toBe('delivery-report');
  });

  it('counts mail no person wrote as neither a reply nor a bounce', () => {
    expect(
      threadMessageKind(message({ From: 'MAILER-DAEMON@mx.example', 'Content-Type': 'text/plain' }), ACCOUNT),
    ).toBe('automatic');
    expect(threadMessageKind(message({ From: 'cast@studio.example', 'Auto-Submitted': 'auto-replied' }), ACCOUNT)).toBe(
      'automatic',
    );
    expect(
      threadMessageKind(
        message({
          From: 'cast@studio.example',
          'Content-Type': 'multipart/report; report-type=disposition-notification',
        }),
        ACCOUNT,
      ),
    ).toBe('reply');
    expect(threadMessageKind(message({}), ACCOUNT)).toBe('automatic');
  });
});
