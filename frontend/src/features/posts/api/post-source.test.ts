import { describe, expect, it } from 'vitest';
import { postSource, type DashboardFilters } from './post-source.ts';

const none: DashboardFilters = { gender: 'All', keyword: '', scope: 'all', dateRange: null };
const range = { startDate: '2026-07-01', endDate: '2026-07-03' };

describe('postSource', () => {
  it('lists every post when no filter is set', () => {
    expect(postSource(none)).toEqual({ kind: 'list' });
  });

  it('a blank keyword does not search', () => {
    expect(postSource({ ...none, keyword: '   ' })).toEqual({ kind: 'list' });
  });

  it('filters by gender when only a gender other than All is chosen, keeping 남녀 with its trailing space', () => {
    expect(postSource({ ...none, gender: '여자' })).toEqual({ kind: 'gender', recruitmentGender: '여자' });
    expect(postSource({ ...none, gender: '남녀 ' })).toEqual({ kind: 'gender', recruitmentGender: '남녀 ' });
  });

  it('searches when the keyword is not blank, before the gender, carrying the gender along', () => {
    expect(postSource({ ...none, keyword: ' 배우 ', scope: 'title' })).toEqual({
      kind: 'search',
      query: '배우',
      category: 'title',
    });
    expect(postSource({ ...none, keyword: '배우', gender: '남자', scope: 'body' })).toEqual({
      kind: 'search',
      query: '배우',
      category: 'body',
      filter: '남자',
    });
  });

  it('an applied date range wins over keyword and gender', () => {
    expect(postSource({ ...none, dateRange: range })).toEqual({ kind: 'date', ...range });
    expect(postSource({ gender: '여자', keyword: '배우', scope: 'all', dateRange: range })).toEqual({
      kind: 'date',
      ...range,
      activeFilter: '여자',
    });
  });
});
