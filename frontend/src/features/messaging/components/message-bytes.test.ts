import { describe, expect, it } from 'vitest';
import { byteCounterText, messageBadge, messageBytes, messageTextProblem } from './message-bytes.ts';

describe('messageBytes', () => {
  it('counts ASCII as one byte and Hangul and other characters as two', () => {
    expect(messageBytes('Hello').bytes).toBe(5);
    expect(messageBytes('안녕하세요').bytes).toBe(10);
    expect(messageBytes('오디션 11/20 (2차)').bytes).toBe(2 * 4 + 10);
    expect(messageBytes('①★€').bytes).toBe(6);
    expect(messageBytes('a\nb').bytes).toBe(3);
  });

  it('takes every modern Hangul syllable, those CP949 added to KS X 1001 too', () => {
    expect(messageBytes('똠햏뷁').unsupported).toEqual([]);
  });

  it('names each character EUC-KR cannot carry once, counted as two bytes', () => {
    const result = messageBytes('축하해요🎉 🎉 ✅ 끝');
    expect(result.unsupported).toEqual(['🎉', '✅']);
    expect(result.bytes).toBe(2 * 4 + 2 + 1 + 2 + 1 + 2 + 1 + 2);
  });
});

describe('the counter and the badge', () => {
  it('counts against 90 bytes up to 90, then against 2000', () => {
    expect(byteCounterText(0)).toBe('0 / 90 byte');
    expect(byteCounterText(90)).toBe('90 / 90 byte');
    expect(byteCounterText(91)).toBe('91 / 2000 byte');
  });

  it('is Short up to 90 bytes, Long beyond, Image whenever files are attached', () => {
    expect(messageBadge(90, false)).toBe('Short');
    expect(messageBadge(91, false)).toBe('Long');
    expect(messageBadge(10, true)).toBe('Image');
  });
});

describe('messageTextProblem', () => {
  it('refuses a blank text, characters a text message cannot carry and more than 2000 bytes', () => {
    expect(messageTextProblem('  \n')).toBe('Please enter the message content.');
    expect(messageTextProblem('안녕 😀')).toBe('The message has characters a text message cannot carry: 😀');
    expect(messageTextProblem('가'.repeat(1001))).toBe('The message is 2002 bytes; a text message holds at most 2000 bytes.');
    expect(messageTextProblem('가'.repeat(1000))).toBeNull();
  });
});
