import { intArray, textArray } from './sql-arrays.js';

describe('sql arrays', () => {
  it('writes integers as a PostgreSQL array literal and refuses anything else', () => {
    expect(intArray([3, 1, 20])).toBe('{3,1,20}');
    expect(intArray([])).toBe('{}');
    expect(() => intArray([1.5])).toThrow(TypeError);
    expect(() => intArray([Number.NaN])).toThrow(TypeError);
  });

  it('writes text as JSON, so commas, quotes and braces stay inside their value', () => {
    expect(JSON.parse(textArray(['배우', 'a,"b"}']))).toEqual(['배우', 'a,"b"}']);
  });
});
