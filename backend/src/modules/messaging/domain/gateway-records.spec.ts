import { comparableText, gatewayType, type LostCall, mayBeLostCall, type RecordedSend } from './gateway-records.js';

describe('comparableText', () => {
  it('reads CRLF and CR line breaks as LF, as multipart carries a text the gateway keeps', () => {
    expect(comparableText('내일 오디션\r\n10시\r2층')).toBe('내일 오디션\n10시\n2층');
    expect(comparableText('내일 오디션\r\n10시')).toBe(comparableText('내일 오디션\n10시'));
  });

  it('drops spaces at the ends of lines and of the text, and keeps those inside', () => {
    expect(comparableText('  안내  \n  10시 \t\n\n')).toBe('안내\n  10시');
    expect(comparableText('두  칸 띄움')).toBe('두  칸 띄움');
  });

  it('composes Hangul: a decomposed text is the same text', () => {
    const decomposed = '안녕하세요'.normalize('NFD');
    expect(decomposed).not.toBe('안녕하세요');
    expect(comparableText(decomposed)).toBe('안녕하세요');
  });

  it('keeps different texts different', () => {
    expect(comparableText('10시')).not.toBe(comparableText('11시'));
    expect(comparableText('안내\n10시')).not.toBe(comparableText('안내 10시'));
  });
});

describe('gatewayType', () => {
  it('is the type asked for, except an MMS without a picture, which goes as an LMS', () => {
    expect(gatewayType('MMS', 2)).toBe('MMS');
    expect(gatewayType('MMS', 0)).toBe('LMS');
    expect(gatewayType('SMS', 0)).toBe('SMS');
  });
});

describe('mayBeLostCall', () => {
  const startedAt = new Date('2026-11-25T05:00:00Z');
  const call: LostCall = {
    sender: '01098765432',
    type: 'MMS',
    pictures: 1,
    receivers: 2,
    text: '내일 오디션 안내\n10시, 2층 스튜디오',
    startedAt,
    timeoutMs: 10_000,
  };
  const record: RecordedSend = {
    sender: '01098765432',
    type: 'MMS',
    count: 2,
    text: '내일 오디션 안내\r\n10시, 2층 스튜디오',
    registeredAt: new Date(startedAt.getTime() + 500),
  };

  it('finds a picture message whose record holds its line breaks as CRLF', () => {
    expect(mayBeLostCall(record, call)).toBe(true);
  });

  it('refuses a record of another text, sender, type or number of receivers', () => {
    expect(mayBeLostCall({ ...record, text: '내일 오디션 안내\r\n11시, 2층 스튜디오' }, call)).toBe(false);
    expect(mayBeLostCall({ ...record, sender: '0212345678' }, call)).toBe(false);
    expect(mayBeLostCall({ ...record, type: 'LMS' }, call)).toBe(false);
    expect(mayBeLostCall({ ...record, count: 3 }, call)).toBe(false);
  });

  it('compares the type only where the record has one, and looks for an MMS without pictures as an LMS', () => {
    expect(mayBeLostCall({ ...record, type: null }, call)).toBe(true);
    expect(mayBeLostCall({ ...record, type: 'LMS' }, { ...call, pictures: 0 })).toBe(true);
  });

  it('takes records registered from a minute before the call to a minute after it could no longer arrive', () => {
    const at = (offsetMs: number) => ({ ...record, registeredAt: new Date(startedAt.getTime() + offsetMs) });
    expect(mayBeLostCall(at(-60_000), call)).toBe(true);
    expect(mayBeLostCall(at(-60_001), call)).toBe(false);
    expect(mayBeLostCall(at(70_000), call)).toBe(true);
    expect(mayBeLostCall(at(70_001), call)).toBe(false);
  });

  it('does not compare the text of a send_mass call, whose record shows one of its texts', () => {
    expect(mayBeLostCall({ ...record, text: '배우 1님 안내' }, { ...call, text: null })).toBe(true);
  });
});
