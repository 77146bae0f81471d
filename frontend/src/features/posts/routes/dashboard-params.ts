// The dashboard's list lives in the address: a reload or a shared link shows the same posts.
// Pure: read and write URLSearchParams. A value that is not one the filter bar offers reads as its default.
import {
  GENDER_FILTERS,
  PAGE_SIZES,
  SEARCH_SCOPES,
  type DateRange,
  type GenderFilter,
  type PageSize,
  type SearchScope,
} from '../api/post-source.ts';
import type { Language } from '../components/post-card.tsx';
import { pageFromParams, withPage } from '../../../lib/page-param.ts';

export interface DashboardParams {
  gender: GenderFilter;
  language: Language;
  /** The settled keyword (after the 2 s debounce or the search button), trimmed. */
  keyword: string;
  scope: SearchScope;
  dateRange: DateRange | null;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_DASHBOARD_PARAMS: DashboardParams = {
  gender: 'All',
  language: 'kor',
  keyword: '',
  scope: 'all',
  dateRange: null,
  page: 1,
  pageSize: 50,
};

/** The names in the address; a value equal to its default is left out, so the plain list is a plain address. */
const NAMES = {
  gender: 'gender',
  language: 'lang',
  keyword: 'q',
  scope: 'in',
  startDate: 'from',
  endDate: 'to',
  pageSize: 'size',
} as const;

const LANGUAGES: readonly Language[] = ['kor', 'eng'];

function oneOf<T extends string | number>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((candidate) => String(candidate) === value);
}

/** 남녀 is kept with its trailing space by the API; an address may lose it, so the gender is matched trimmed. */
function genderParam(value: string | null): GenderFilter {
  const trimmed = value?.trim();
  return GENDER_FILTERS.find((gender) => gender !== 'All' && gender.trim() === trimmed) ?? 'All';
}

/** A YYYY-MM-DD that is a day of the calendar; anything else is null. */
export function dayParam(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/** Both days, in order (as Apply orders them); one day alone is no range. */
function dateRangeParam(params: URLSearchParams): DateRange | null {
  const from = dayParam(params.get(NAMES.startDate));
  const to = dayParam(params.get(NAMES.endDate));
  if (!from || !to) return null;
  return from <= to ? { startDate: from, endDate: to } : { startDate: to, endDate: from };
}

export function readDashboardParams(params: URLSearchParams): DashboardParams {
  const defaults = DEFAULT_DASHBOARD_PARAMS;
  return {
    gender: genderParam(params.get(NAMES.gender)),
    language: oneOf(LANGUAGES, params.get(NAMES.language)) ?? defaults.language,
    keyword: params.get(NAMES.keyword)?.trim() ?? defaults.keyword,
    scope: oneOf(SEARCH_SCOPES, params.get(NAMES.scope)) ?? defaults.scope,
    dateRange: dateRangeParam(params),
    page: pageFromParams(params),
    pageSize: oneOf(PAGE_SIZES, params.get(NAMES.pageSize)) ?? defaults.pageSize,
  };
}

function put(params: URLSearchParams, name: string, value: string, fallback: string): void {
  if (value === fallback) params.delete(name);
  else params.set(name, value);
}

/**
 * The address after `changes`, other parameters kept. A change of the list's filter (anything but the language
 * and the page) starts again on page 1 (spec §4), also when the new value equals the old: the search button
 * searches on page 1.
 */
export function writeDashboardParams(params: URLSearchParams, changes: Partial<DashboardParams>): URLSearchParams {
  const next = new URLSearchParams(params);
  const defaults = DEFAULT_DASHBOARD_PARAMS;
  if (changes.gender !== undefined) put(next, NAMES.gender, changes.gender.trim(), defaults.gender);
  if (changes.language !== undefined) put(next, NAMES.language, changes.language, defaults.language);
  if (changes.keyword !== undefined) put(next, NAMES.keyword, changes.keyword.trim(), defaults.keyword);
  if (changes.scope !== undefined) put(next, NAMES.scope, changes.scope, defaults.scope);
  if (changes.pageSize !== undefined) put(next, NAMES.pageSize, String(changes.pageSize), String(defaults.pageSize));
  if (changes.dateRange !== undefined) {
    put(next, NAMES.startDate, changes.dateRange?.startDate ?? '', '');
    put(next, NAMES.endDate, changes.dateRange?.endDate ?? '', '');
  }
  const changesList = Object.keys(changes).some((name) => name !== 'language' && name !== 'page');
  const page = changes.page ?? (changesList ? 1 : pageFromParams(next));
  return withPage(next, page);
}
