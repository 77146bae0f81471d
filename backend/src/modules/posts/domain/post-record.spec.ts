import { normalisePostData, postContentHash, toPostRecord } from './post-record.js';
import { urlPostKey } from './post-key.js';

const row = {
  postId: ' P-1 ',
  postTitle: ' [영화] 단편 배우 모집 ',
  titleOfTheWork: '봄날',
  recruitmentGender: '남녀 ',
  postDateText: '2026-11-20',
  postDate: new Date('2026-11-20T00:00:00+09:00'),
  body: '  <p>주연 배우 모집</p>\n',
  eng: '',
  postUrl: 'https://casting.example/p/1',
  manager: '',
};

describe('post record', () => {
  it('normalises: trims text, blank as null, HTML as imported, gender trimmed', () => {
    const record = toPostRecord(row)!;
    expect(record).toMatchObject({
      postKey: 'P-1',
      postTitle: '[영화] 단편 배우 모집',
      recruitmentGender: '남녀',
      body: '  <p>주연 배우 모집</p>\n',
      eng: null,
      manager: null,
      produce: null,
      postDateText: '2026-11-20',
    });
    expect(record.postDate?.toISOString()).toBe('2026-11-19T15:00:00.000Z');
    expect(record.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keys a row without a postId by its URL, and skips a row with neither', () => {
    expect(toPostRecord({ ...row, postId: null })?.postKey).toBe(urlPostKey('https://casting.example/p/1'));
    expect(toPostRecord({ ...row, postId: '', postUrl: ' ' })).toBeNull();
  });

  it('hashes the same data the same way, whatever the surrounding spaces', () => {
    const a = toPostRecord(row)!;
    const b = toPostRecord({ ...row, postTitle: '[영화] 단편 배우 모집', recruitmentGender: '남녀', manager: null })!;
    expect(b.contentHash).toBe(a.contentHash);
    expect(postContentHash(normalisePostData(row))).toBe(a.contentHash);
  });

  it('hashes any change of data differently, the date included', () => {
    const base = toPostRecord(row)!.contentHash;
    expect(toPostRecord({ ...row, appearanceFee: '30만원' })!.contentHash).not.toBe(base);
    expect(toPostRecord({ ...row, body: '<p>조연 배우 모집</p>' })!.contentHash).not.toBe(base);
    expect(toPostRecord({ ...row, postDate: null })!.contentHash).not.toBe(base);
    // The key is not data: the same data under another key hashes the same.
    expect(toPostRecord({ ...row, postId: 'P-2' })!.contentHash).toBe(base);
  });

  it('drops an invalid date and NUL characters', () => {
    const record = toPostRecord({ ...row, postDate: new Date('nope'), manager: '김\u0000실장' })!;
    expect(record.postDate).toBeNull();
    expect(record.manager).toBe('김실장');
  });
});
