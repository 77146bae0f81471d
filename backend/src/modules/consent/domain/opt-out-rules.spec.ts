import {
  channelProblem,
  channelsStopping,
  consentCutoffDay,
  normalEmail,
  optOutAddress,
  optOutStops,
} from './opt-out-rules.js';

describe('opt-out rules', () => {
  it('stops a channel by its own opt-out or by all', () => {
    expect(optOutStops('sms', 'sms')).toBe(true);
    expect(optOutStops('all', 'kakao')).toBe(true);
    expect(optOutStops('kakao', 'sms')).toBe(false);
    expect(optOutStops('email', 'sms')).toBe(false);
    expect(channelsStopping('sms')).toEqual(['sms', 'all']);
    expect(channelsStopping('email')).toEqual(['email', 'all']);
  });

  it('reads a phone by its digits and an e-mail in lower case', () => {
    expect(optOutAddress(' +82 10-1234-5678 ')).toEqual({ kind: 'phone', address: '01012345678' });
    expect(optOutAddress('02-555-0101')).toEqual({ kind: 'phone', address: '025550101' });
    expect(optOutAddress('Kim@Example.COM')).toEqual({ kind: 'email', address: 'kim@example.com' });
    expect(optOutAddress('')).toEqual({ problem: expect.any(String) });
    expect(optOutAddress('010-12')).toEqual({ problem: expect.stringMatching(/not a phone number/) });
    expect(optOutAddress('김민준')).toEqual({ problem: expect.stringMatching(/not a phone number/) });
    expect(optOutAddress('kim@')).toEqual({ problem: expect.stringMatching(/not an e-mail address/) });
    expect(normalEmail('a b@c.d')).toBeNull();
  });

  it('refuses a text or KakaoTalk opt-out of an e-mail address', () => {
    expect(channelProblem('email', 'sms')).toMatch(/texts/);
    expect(channelProblem('email', 'all')).toBeNull();
    expect(channelProblem('phone', 'email')).toBeNull();
  });

  it('counts two years back in Korean days, 29 February to 28 February', () => {
    expect(consentCutoffDay('2026-11-25')).toBe('2024-11-25');
    expect(consentCutoffDay('2026-02-28')).toBe('2024-02-28');
    expect(consentCutoffDay('2030-02-28')).toBe('2028-02-28');
    expect(consentCutoffDay('2026-03-31')).toBe('2024-03-31');
    // 29 February 2028 looks back to 2026, which has none.
    expect(consentCutoffDay('2028-02-29')).toBe('2026-02-28');
  });
});
