import { describe, expect, it } from 'vitest';
import { DEFAULT_DASHBOARD_PARAMS, readDashboardParams, writeDashboardParams } from './dashboard-params.ts';

const read = (query: string) => readDashboardParams(new URLSearchParams(query));

describe('readDashboardParams', () => {
  it('reads an empty address as the plain list on page 1 of 50', () => {
    expect(read('')).toEqual(DEFAULT_DASHBOARD_PARAMS);
  });

  it('reads every filter, the keyword, the page and the page size', () => {
    expect(
      read(
        'gender=%EC%97%AC%EC%9E%90&lang=eng&q=%EB%B0%B0%EC%9A%B0&in=title&from=2026-03-01&to=2026-03-31&page=3&size=150',
      ),
    ).toEqual({
      gender: '여자',
      language: 'eng',
      keyword: '배우',
      scope: 'title',
      dateRange: { startDate: '2026-03-01', endDate: '2026-03-31' },
      page: 3,
      pageSize: 150,
    });
  });

  it('matches 남녀 with or without the trailing space the API keeps', () => {
    expect(read('gender=남녀').gender).toBe('남녀 ');
    expect(read('gender=남녀+').gender).toBe('남녀 ');
  });

  it('reads values the filter bar does not offer as their defaults', () => {
    expect(read('gender=alien&lang=fr&in=everywhere&page=-2&size=70')).toEqual(DEFAULT_DASHBOARD_PARAMS);
    expect(read('page=2.5abc').page).toBe(1);
    expect(read('size=100').pageSize).toBe(100);
  });

  it('takes a date range only with two real days, in order', () => {
    expect(read('from=2026-03-01').dateRange).toBeNull();
    expect(read('from=2026-02-30&to=2026-03-01').dateRange).toBeNull();
    expect(read('from=2026-3-1&to=2026-03-01').dateRange).toBeNull();
    expect(read('from=2026-03-31&to=2026-03-01').dateRange).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
  });

  it('trims the keyword', () => {
    expect(read('q=++%EB%B0%B0%EC%9A%B0+').keyword).toBe('배우');
  });
});

describe('writeDashboardParams', () => {
  const write = (query: string, changes: Parameters<typeof writeDashboardParams>[1]) =>
    writeDashboardParams(new URLSearchParams(query), changes).toString();

  it('leaves defaults out of the address', () => {
    expect(write('gender=%EC%97%AC%EC%9E%90&size=100&q=a', { gender: 'All', pageSize: 50, keyword: '' })).toBe('');
  });

  it('writes 남녀 without its trailing space, and reads it back', () => {
    const params = writeDashboardParams(new URLSearchParams(), { gender: '남녀 ' });
    expect(params.get('gender')).toBe('남녀');
    expect(readDashboardParams(params).gender).toBe('남녀 ');
  });

  it('starts again on page 1 when a filter changes, also to the value it had', () => {
    expect(write('page=4&gender=%EC%97%AC%EC%9E%90', { gender: '남자' })).toBe(`gender=${encodeURIComponent('남자')}`);
    expect(write('page=4&q=abc', { keyword: 'abc' })).toBe('q=abc');
    expect(write('page=4', { pageSize: 100 })).toBe('size=100');
    expect(write('page=4', { dateRange: { startDate: '2026-01-01', endDate: '2026-01-02' } })).toBe(
      'from=2026-01-01&to=2026-01-02',
    );
  });

  it('keeps the page when only the language or the page changes', () => {
    expect(write('page=4', { language: 'eng' })).toBe('page=4&lang=eng');
    expect(write('page=4&size=100', { page: 2 })).toBe('page=2&size=100');
    expect(write('page=4', { page: 1 })).toBe('');
  });

  it('removes the date range on reset and keeps parameters it does not know', () => {
    expect(write('from=2026-01-01&to=2026-01-02&other=1', { dateRange: null })).toBe('other=1');
  });

  it('round-trips every value', () => {
    const params = {
      gender: '여자',
      language: 'eng',
      keyword: '모델 촬영',
      scope: 'body',
      dateRange: { startDate: '2026-05-01', endDate: '2026-05-02' },
      page: 1,
      pageSize: 150,
    } as const;
    expect(readDashboardParams(writeDashboardParams(new URLSearchParams(), params))).toEqual(params);
    const paged = writeDashboardParams(writeDashboardParams(new URLSearchParams(), params), { page: 7 });
    expect(readDashboardParams(paged)).toEqual({ ...params, page: 7 });
  });
});
