import { readPostSheet } from './post-sheet.js';
import { SheetShapeError } from './sheet-import-report.js';

describe('readPostSheet', () => {
  it('reads Korean headers in any order, dates as typed, and keeps HTML bodies', () => {
    const sheet = readPostSheet([
      ['등록일', '공고 제목', '공고ID', '모집 성별', '본문', '메모'],
      ['2026. 11. 20.', ' 단편영화 주연 배우 모집 ', 'P-1', '남녀 ', '<p>안녕하세요</p>', '내부용'],
      ['어제', '광고 모델', 'P-2', '여자', ''],
    ]);
    expect(sheet.total).toBe(2);
    expect(sheet.rejected).toEqual([]);
    expect(sheet.unknownHeaders).toEqual(['메모']);
    const [first, second] = sheet.records;
    expect(first).toMatchObject({
      postKey: 'P-1',
      postTitle: '단편영화 주연 배우 모집',
      recruitmentGender: '남녀',
      body: '<p>안녕하세요</p>',
      postDateText: '2026. 11. 20.',
    });
    expect(first.postDate?.toISOString()).toBe('2026-11-19T15:00:00.000Z');
    expect(second).toMatchObject({ postKey: 'P-2', postDate: null, postDateText: '어제', body: null });
  });

  it('reads English field-name headers too, keying rows without an ID by their URL', () => {
    const sheet = readPostSheet([
      ['postTitle', 'postUrl'],
      ['A', 'https://example.test/a'],
    ]);
    expect(sheet.records[0].postKey).toMatch(/^url-[0-9a-f]{16}$/);
  });

  it('reports rows it cannot use with their sheet row numbers, skips blank rows, never drops the last row', () => {
    const sheet = readPostSheet([
      ['공고ID', '공고 제목', '공고 URL'],
      ['P-1', 'first', ''],
      ['', '', ''],
      ['', 'no key at all', ''],
      ['P-1', 'again', ''],
      ['P-9', 'last', ''],
    ]);
    expect(sheet.total).toBe(4);
    expect(sheet.records.map((r) => r.postKey)).toEqual(['P-1', 'P-9']);
    expect(sheet.rejected).toEqual([
      { row: 4, reason: 'The row has neither a post ID nor a post URL, so it cannot be told apart from other posts.' },
      { row: 5, reason: 'The same post ID P-1 is already on row 2.' },
    ]);
  });

  it('refuses a sheet without a title column or without any key column', () => {
    expect(() => readPostSheet([['공고ID', '본문']])).toThrow(SheetShapeError);
    expect(() => readPostSheet([['공고 제목', '본문']])).toThrow(/공고ID/);
    expect(() => readPostSheet([])).toThrow(SheetShapeError);
  });
});
