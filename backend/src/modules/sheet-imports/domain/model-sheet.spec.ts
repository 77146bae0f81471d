import { readModelSheet } from './model-sheet.js';
import { SheetShapeError } from './sheet-import-report.js';

describe('readModelSheet', () => {
  it('reads Korean or English headers and keys models by comcard number', () => {
    const sheet = readModelSheet([
      ['국적', '콤카드 번호', '한글 이름', 'nameEng'],
      ['러시아', 'MC-1', '안나', 'Anna'],
      ['', '', '', ''],
      ['미국', '', '존', 'John'],
      ['미국', 'MC-1', '존', 'John'],
    ]);
    expect(sheet.records).toEqual([
      expect.objectContaining({ comcardNo: 'MC-1', national: '러시아', nameKor: '안나', nameEng: 'Anna' }),
    ]);
    expect(sheet.rejected).toEqual([
      { row: 4, reason: 'The row has no comcard number.' },
      { row: 5, reason: 'The same comcard number MC-1 is already on row 2.' },
    ]);
  });

  it('refuses a sheet without a comcard number column', () => {
    expect(() => readModelSheet([['이름']])).toThrow(SheetShapeError);
  });
});
