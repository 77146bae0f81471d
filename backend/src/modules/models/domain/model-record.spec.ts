import { modelContentHash, normaliseModelData, toModelRecord } from './model-record.js';

const row = {
  comcardNo: ' A-101 ',
  nameEng: ' Kim Minji ',
  nameKor: '김민지',
  national: 'Korea',
  stage: '',
  htmlUrl: 'https://drive.google.com/open?id=abc',
};

describe('model record', () => {
  it('trims, keys by comcard number and hashes the data', () => {
    const record = toModelRecord(row)!;
    expect(record).toMatchObject({ comcardNo: 'A-101', nameEng: 'Kim Minji', stage: null, image: null });
    expect(record.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(modelContentHash(normaliseModelData(row))).toBe(record.contentHash);
  });

  it('hashes equal data equally and changed data differently; the key is not data', () => {
    const base = toModelRecord(row)!.contentHash;
    expect(toModelRecord({ ...row, nameEng: 'Kim Minji', stage: null })!.contentHash).toBe(base);
    expect(toModelRecord({ ...row, comcardNo: 'B-1' })!.contentHash).toBe(base);
    expect(toModelRecord({ ...row, stage: 'Minji' })!.contentHash).not.toBe(base);
  });

  it('skips a row without a comcard number and refuses one too long', () => {
    expect(toModelRecord({ ...row, comcardNo: '  ' })).toBeNull();
    expect(toModelRecord({ nameEng: 'x' })).toBeNull();
    expect(() => toModelRecord({ comcardNo: 'x'.repeat(101) })).toThrow(RangeError);
  });
});
