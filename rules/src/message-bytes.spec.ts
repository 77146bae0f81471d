import {
  byteLimitOf,
  LMS_MAX_BYTES,
  messageBytes,
  messageTextProblem,
  messageType,
  SMS_MAX_BYTES,
} from './message-bytes.js';

describe('messageBytes', () => {
  it('counts ASCII as one byte and Hangul as two', () => {
    expect(messageBytes('Hello').bytes).toBe(5);
    expect(messageBytes('안녕하세요').bytes).toBe(10);
    expect(messageBytes('오디션 10시\n').bytes).toBe(6 + 1 + 2 + 2 + 1);
  });

  it('counts the syllables only CP949 has, and symbols of KS X 1001, as two bytes it can carry', () => {
    expect(messageBytes('똠햏 ※★').unsupported).toEqual([]);
    expect(messageBytes('똠햏 ※★').bytes).toBe(9);
  });

  it('flags each character EUC-KR cannot carry once', () => {
    expect(messageBytes('축하해요 🎉🎉 ✅').unsupported).toEqual(['🎉', '✅']);
  });
});

describe('messageType', () => {
  it('is SMS up to 90 bytes, LMS above, MMS with pictures', () => {
    expect(messageType(SMS_MAX_BYTES, false)).toBe('SMS');
    expect(messageType(SMS_MAX_BYTES + 1, false)).toBe('LMS');
    expect(messageType(10, true)).toBe('MMS');
  });

  it('turns 45 Hangul syllables into an SMS and 46 into an LMS', () => {
    expect(messageType(messageBytes('가'.repeat(45)).bytes, false)).toBe('SMS');
    expect(messageType(messageBytes('가'.repeat(46)).bytes, false)).toBe('LMS');
  });
});

describe('messageTextProblem', () => {
  it('refuses an empty text, an emoji and more than 2,000 bytes', () => {
    expect(messageTextProblem('  ')).toBe('Please enter the message content.');
    expect(messageTextProblem('안녕 😀')).toBe('The message has characters a text message cannot carry: 😀');
    expect(messageTextProblem('가'.repeat(LMS_MAX_BYTES / 2))).toBeNull();
    expect(messageTextProblem('가'.repeat(LMS_MAX_BYTES / 2) + 'a')).toBe(
      'The message is 2001 bytes; a text message holds at most 2000 bytes.',
    );
  });
});

describe('messageBytes, as the editor counts while staff type', () => {
  it('counts symbols, the euro sign and line breaks as the carrier does', () => {
    expect(messageBytes('오디션 11/20 (2차)').bytes).toBe(2 * 4 + 10);
    expect(messageBytes('①★€').bytes).toBe(6);
    expect(messageBytes('a\nb').bytes).toBe(3);
  });

  it('counts a character it cannot carry as two bytes too', () => {
    const result = messageBytes('축하해요🎉 🎉 ✅ 끝');
    expect(result.unsupported).toEqual(['🎉', '✅']);
    expect(result.bytes).toBe(2 * 4 + 2 + 1 + 2 + 1 + 2 + 1 + 2);
  });
});

describe('byteLimitOf', () => {
  it('is 90 up to 90 bytes, then 2000', () => {
    expect(byteLimitOf(0)).toBe(SMS_MAX_BYTES);
    expect(byteLimitOf(90)).toBe(SMS_MAX_BYTES);
    expect(byteLimitOf(91)).toBe(LMS_MAX_BYTES);
  });
});
