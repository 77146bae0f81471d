// Which list the dashboard shows (spec §4, dashboard post source priority). Pure.

/** The recruitment-gender filter: All, or the three values exactly as the API takes them (남녀 with its trailing space). */
export const GENDER_FILTERS = ['All', '남자', '여자', '남녀 '] as const;
export type GenderFilter = (typeof GENDER_FILTERS)[number];

export const SEARCH_SCOPES = ['all', 'title', 'body'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** Spec §9: 50, 100 or 150 posts per page, 50 by default. */
export const PAGE_SIZES = [50, 100, 150] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface DateRange {
  /** YYYY-MM-DD (a Korean day), both inclusive. */
  startDate: string;
  endDate: string;
}

export interface DashboardFilters {
  gender: GenderFilter;
  /** The keyword after its debounce (or as the search button took it). */
  keyword: string;
  scope: SearchScope;
  /** The date range once applied; null when none is. */
  dateRange: DateRange | null;
}

export type PostSource =
  | { kind: 'date'; startDate: string; endDate: string; activeFilter?: string }
  | { kind: 'search'; query: string; category: SearchScope; filter?: string }
  | { kind: 'gender'; recruitmentGender: string }
  | { kind: 'list' };

/** A date range applied wins; else a keyword that is not blank; else a gender other than All; else the plain list. */
export function postSource({ gender, keyword, scope, dateRange }: DashboardFilters): PostSource {
  const genderFilter = gender === 'All' ? undefined : gender;
  if (dateRange) {
    return {
      kind: 'date',
      startDate: dateRange.startDate,
      endDate: dateRange.endDate,
      ...(genderFilter && { activeFilter: genderFilter }),
    };
  }
  const query = keyword.trim();
  if (query) return { kind: 'search', query, category: scope, ...(genderFilter && { filter: genderFilter }) };
  if (genderFilter) return { kind: 'gender', recruitmentGender: genderFilter };
  return { kind: 'list' };
}
