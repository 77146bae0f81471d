import { type BatchedMessage, kakaoBatches, smsBatches } from './gateway-batches.js';

interface OutgoingMessage extends BatchedMessage {
  id: number;
  phone: string;
  name: string;
}

const message = (id: number, text: string, overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  id,
  phone: `010${String(id).padStart(8, '0')}`,
  name: `배우 ${id}`,
  text,
  type: 'SMS',
  files: [],
  ...overrides,
});

describe('smsBatches', () => {
  it('sends 1,200 personalised texts in three send_mass calls of at most 500', () => {
    const batches = smsBatches(Array.from({ length: 1200 }, (_, i) => message(i, `안녕하세요 배우 ${i}님`)));
    expect(batches.map((batch) => [batch.endpoint, batch.messages.length])).toEqual([
      ['send_mass', 500],
      ['send_mass', 500],
      ['send_mass', 200],
    ]);
    expect(new Set(batches.flatMap((batch) => batch.messages.map((m) => m.id))).size).toBe(1200);
  });

  it('sends one text to up to 1,000 receivers per send call', () => {
    const batches = smsBatches(Array.from({ length: 2500 }, (_, i) => message(i, '내일 오디션 안내')));
    expect(batches.map((batch) => [batch.endpoint, batch.messages.length])).toEqual([
      ['send', 1000],
      ['send', 1000],
      ['send', 500],
    ]);
  });

  it('keeps each message type and each picture set in calls of its own', () => {
    const batches = smsBatches([
      message(1, 'a'),
      message(2, 'b'.repeat(100), { type: 'LMS' }),
      message(3, 'c', { type: 'MMS', files: ['f1'] }),
      message(4, 'd'),
      message(5, 'e', { type: 'MMS', files: ['f2'] }),
    ]);
    expect(batches.map((batch) => [batch.endpoint, batch.type, batch.files, batch.messages.map((m) => m.id)])).toEqual([
      ['send_mass', 'SMS', [], [1, 4]],
      ['send', 'LMS', [], [2]],
      ['send', 'MMS', ['f1'], [3]],
      ['send', 'MMS', ['f2'], [5]],
    ]);
  });
});

describe('kakaoBatches', () => {
  it('cuts KakaoTalk messages into calls of 500', () => {
    const batches = kakaoBatches(Array.from({ length: 501 }, (_, i) => message(i, `text ${i}`)));
    expect(batches.map((batch) => [batch.endpoint, batch.messages.length])).toEqual([
      ['kakao', 500],
      ['kakao', 1],
    ]);
  });
});
