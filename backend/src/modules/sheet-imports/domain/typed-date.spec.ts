import { parseTypedDate } from './typed-date.js';

const seoul = (iso: string) => new Date(`${iso}+09:00`).toISOString();

describe('parseTypedDate', () => {
  it.each([
    ['2026-11-20', '2026-11-20T00:00:00'],
    ['2026.11.20', '2026-11-20T00:00:00'],
    ['2026. 11. 20.', '2026-11-20T00:00:00'],
    ['2026/11/20', '2026-11-20T00:00:00'],
    ['11/20/2026', '2026-11-20T00:00:00'],
    ['2026년 11월 20일', '2026-11-20T00:00:00'],
    ['2026년11월 3일', '2026-11-03T00:00:00'],
    ['20261120', '2026-11-20T00:00:00'],
    ['2026-11-20 14:30', '2026-11-20T14:30:00'],
    ['46346', '2026-11-20T00:00:00'],
  ])('reads %s as a Korean day', (text, expected) => {
    expect(parseTypedDate(text)?.toISOString()).toBe(seoul(expected));
  });

  it.each(['', '어제', '상시 모집', '2026-02-31', '2026-13-01', '13/45/2026', '12345', null, undefined])(
    'gives null for %s',
    (text) => {
      expect(parseTypedDate(text as string)).toBeNull();
    },
  );
});
