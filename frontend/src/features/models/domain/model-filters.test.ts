import { describe, expect, it } from 'vitest';
import type { Model } from '../api/models.ts';
import { modelFixture } from './model-fixture.ts';
import { EMPTY_FILTERS, filterModels, hasActiveFilters, matchesText, mergeSelection } from './model-filters.ts';

function model(id: number, fields: Partial<Model> = {}): Model {
  return modelFixture({ id, comcardNo: `C-${id}`, ...fields });
}

const models = [
  model(1, { comcardNo: 'A101', nameEng: 'Anna Kim', nameKor: '김안나', national: 'Russia', stage: 'Annie' }),
  model(2, { comcardNo: 'B202', nameEng: 'Ben Lee', nameKor: '이벤', national: 'USA', stage: null }),
  model(3, { comcardNo: 'A303', nameEng: 'Chloe', nameKor: null, national: 'Russian Federation', stage: 'Clo' }),
];
const ids = (list: Model[]) => list.map((item) => item.id);

describe('matchesText', () => {
  it('is a case-insensitive substring match that ignores surrounding spaces', () => {
    expect(matchesText('Russia', 'RUS')).toBe(true);
    expect(matchesText('Russia', ' ssi ')).toBe(true);
    expect(matchesText('Russia', 'usa')).toBe(false);
  });

  it('lets everything through a blank query, and nothing missing through a real one', () => {
    expect(matchesText(null, '')).toBe(true);
    expect(matchesText(null, '  ')).toBe(true);
    expect(matchesText(null, 'a')).toBe(false);
  });
});

describe('filterModels', () => {
  it('keeps every model without filters', () => {
    expect(ids(filterModels(models, EMPTY_FILTERS))).toEqual([1, 2, 3]);
  });

  it('searches comcard number, both names, nationality and stage name', () => {
    expect(ids(filterModels(models, { ...EMPTY_FILTERS, search: 'a1' }))).toEqual([1]);
    expect(ids(filterModels(models, { ...EMPTY_FILTERS, search: 'ben' }))).toEqual([2]);
    expect(ids(filterModels(models, { ...EMPTY_FILTERS, search: '안나' }))).toEqual([1]);
    expect(ids(filterModels(models, { ...EMPTY_FILTERS, search: 'usa' }))).toEqual([2]);
    expect(ids(filterModels(models, { ...EMPTY_FILTERS, search: 'CLO' }))).toEqual([3]);
  });

  it('applies the column filters together with the search', () => {
    expect(ids(filterModels(models, { ...EMPTY_FILTERS, comcardNo: 'a' }))).toEqual([1, 3]);
    expect(ids(filterModels(models, { ...EMPTY_FILTERS, national: 'russia' }))).toEqual([1, 3]);
    expect(ids(filterModels(models, { ...EMPTY_FILTERS, national: 'russia', stage: 'clo' }))).toEqual([3]);
    expect(ids(filterModels(models, { ...EMPTY_FILTERS, stage: 'x' }))).toEqual([]);
    expect(ids(filterModels(models, { ...EMPTY_FILTERS, search: 'anna', comcardNo: 'B' }))).toEqual([]);
  });
});

describe('hasActiveFilters', () => {
  it('ignores blank filters', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, stage: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, national: 'k' })).toBe(true);
  });
});

describe('mergeSelection', () => {
  it('select-all adds every visible row and keeps hidden ones', () => {
    expect([...mergeSelection(new Set([9]), 'all', [1, 2, 3])]).toEqual([9, 1, 2, 3]);
  });

  it('clearing the visible rows keeps the selected rows the filters hide', () => {
    expect([...mergeSelection(new Set([9, 1, 2]), new Set(), [1, 2, 3])]).toEqual([9]);
  });

  it('keeps the order of selection and takes the table keys as numbers or strings', () => {
    expect([...mergeSelection(new Set([3]), new Set([3, 1]), [1, 2, 3])]).toEqual([3, 1]);
    expect([...mergeSelection(new Set([3, 1]), new Set(['1']), [1, 2, 3])]).toEqual([1]);
  });

  it('ignores keys of rows that are not shown', () => {
    expect([...mergeSelection(new Set(), new Set([7]), [1, 2])]).toEqual([]);
  });
});
