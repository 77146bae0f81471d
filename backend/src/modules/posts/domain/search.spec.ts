import {
  gramExpressions,
  hangulGram,
  hangulGrams,
  containsPattern,
  escapeLike,
  likeOperator,
  searchColumns,
  searchKeyword,
} from './search.js';

describe('search', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%')).toBe('100\\%');
    expect(escapeLike('a_b')).toBe('a\\_b');
    expect(escapeLike('C:\\dir')).toBe('C:\\\\dir');
    expect(escapeLike('%_\\')).toBe('\\%\\_\\\\');
    expect(escapeLike('배우 모집')).toBe('배우 모집');
  });

  it('matches anywhere', () => {
    expect(containsPattern('배우')).toBe('%배우%');
    expect(containsPattern('50%')).toBe('%50\\%%');
  });

  it('searches titles, bodies (Korean and English) or both', () => {
    expect(searchColumns('title')).toEqual(['post_title', 'title_of_the_work']);
    expect(searchColumns('body')).toEqual(['body', 'eng']);
    expect(searchColumns('all')).toEqual(['post_title', 'title_of_the_work', 'body', 'eng']);
  });

  it('uses LIKE for keywords without letter case, ILIKE for the others', () => {
    for (const keyword of ['배우', '배우 모집', '100%', '2026', '【공지】']) expect(likeOperator(keyword)).toBe('like');
    for (const keyword of ['actor', 'CF 모델', 'Ä', 'ß']) expect(likeOperator(keyword)).toBe('ilike');
  });

  it('treats a blank keyword as no search', () => {
    expect(searchKeyword('  배우 ')).toBe('배우');
    expect(searchKeyword('   ')).toBeNull();
    expect(searchKeyword(undefined)).toBeNull();
  });

  it('serves one or two Hangul syllables, and nothing else, from the gram indexes of the scope searched', () => {
    for (const keyword of ['배', '배우']) expect(hangulGram(keyword)).toBe(keyword);
    for (const keyword of ['뮤직비디오', '배 우', 'CF', '배a', 'ㅂㅇ', '2026']) expect(hangulGram(keyword)).toBeNull();
    expect(gramExpressions('all')).toEqual([...gramExpressions('title'), ...gramExpressions('body')]);
    expect(gramExpressions('title')).toEqual(['indexed_grams(p."title_hangul_grams")']);
  });

  it("gives a post's Hangul syllables and adjacent pairs once each, never a pair across another character", () => {
    expect(hangulGrams('배우 모집!a가 나다라', null, undefined, '서울X배우').sort()).toEqual(
      ['배', '우', '배우', '모', '집', '모집', '가', '나', '다', '라', '나다', '다라', '서', '울', '서울'].sort(),
    );
    // Pairs of the first text and the second never join either.
    expect(hangulGrams('배', '우')).toEqual(['배', '우']);
    expect(hangulGrams('CF 2026 ㅂㅇ', '', null)).toEqual([]);
    // Every one- and two-syllable piece of a text is among its grams, and nothing else is.
    const text = '뮤직비디오 여자 배우 모집 (서울, 촬영 1회)';
    const pieces = new Set([...text.matchAll(/(?=([가-힣]{1,2}))/g)].flatMap(([, two]) => [two, two[0]]));
    expect(new Set(hangulGrams(text))).toEqual(pieces);
  });
});
