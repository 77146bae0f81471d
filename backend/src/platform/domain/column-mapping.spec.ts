import { headerKey, mapColumns, readRow } from './column-mapping.js';

const specs = [
  { field: 'postTitle', headers: ['공고 제목', '제목'], required: true },
  { field: 'postUrl', headers: ['공고 URL'] },
  { field: 'body', headers: ['본문'] },
] as const;

describe('column mapping', () => {
  it('ignores spaces, case and punctuation in headers', () => {
    expect(headerKey(' 공고_제목 ')).toBe(headerKey('공고제목'));
    expect(headerKey('POST TITLE')).toBe(headerKey('postTitle'));
  });

  it('finds fields by name or Korean header in any order, and reports the rest', () => {
    const mapping = mapColumns(['본문', '메모', '공고제목', 'postUrl', '제목'], specs);
    expect(Object.fromEntries(mapping.columns)).toEqual({ body: 0, postTitle: 2, postUrl: 3 });
    expect(mapping.unknownHeaders).toEqual(['메모', '제목']);
    expect(mapping.missing).toEqual([]);
  });

  it('names required fields without a column', () => {
    expect(mapColumns(['본문'], specs).missing).toEqual(['postTitle']);
  });

  it('reads trimmed cells, empty ones as null, short rows included', () => {
    const { columns } = mapColumns(['공고 제목', '본문', '공고 URL'], specs);
    expect(readRow([' 배우 모집 ', '  '], columns)).toEqual({ postTitle: '배우 모집', body: null, postUrl: null });
  });
});
