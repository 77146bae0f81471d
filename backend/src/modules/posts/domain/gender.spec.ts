import { GENDER_VALUES, genderFilter, normaliseGender } from './gender.js';

describe('gender', () => {
  it('offers the three values as shown, 남녀 with its trailing space', () => {
    expect(GENDER_VALUES).toEqual(['남자', '여자', '남녀 ']);
  });

  it('stores values trimmed', () => {
    expect(normaliseGender('남녀 ')).toBe('남녀');
    expect(normaliseGender('  여자')).toBe('여자');
    expect(normaliseGender(' ')).toBeNull();
    expect(normaliseGender(null)).toBeNull();
  });

  it('matches regardless of surrounding spaces', () => {
    for (const value of ['남녀 ', '남녀', ' 남녀  ', '남녀\u00a0']) expect(genderFilter(value)).toBe('남녀');
    for (const value of GENDER_VALUES) expect(genderFilter(value)).toBe(normaliseGender(value));
  });

  it('has no filter for All, blank or absent', () => {
    for (const value of ['All', 'all', '전체', '', '  ', undefined, null]) expect(genderFilter(value)).toBeNull();
  });
});
