// The recruitment-gender filter of the dashboard (spec §2). Pure.

/**
 * The three values exactly as staff see them in the filter bar and as the query carries them: 남자 (male),
 * 여자 (female), and 남녀 (male and female) with its trailing space. Stored values are trimmed.
 */
export const GENDER_VALUES = ['남자', '여자', '남녀 '] as const;

/** What the filter bar sends for "no gender filter". */
const ALL = new Set(['all', '전체', '']);

/** A gender as stored: trimmed, inner runs of white space made one space; blank is null. */
export function normaliseGender(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}

/**
 * The stored value a filter matches, or null for no filter (absent, blank, All). `남녀 `, `남녀` and ` 남녀  `
 * all match rows stored as `남녀`, so a trailing space never makes a row disappear.
 */
export function genderFilter(value: string | null | undefined): string | null {
  const gender = normaliseGender(value);
  return gender === null || ALL.has(gender.toLowerCase()) ? null : gender;
}
