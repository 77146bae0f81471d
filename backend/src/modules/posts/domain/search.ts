// Keyword search of posts (spec §2: scope all, title or body). Pure.

export const SEARCH_SCOPES = ['all', 'title', 'body'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** The post columns each scope looks in: title is the post and work titles; body is the Korean and English bodies. */
const COLUMNS = {
  title: ['post_title', 'title_of_the_work'],
  body: ['body', 'eng'],
  all: ['post_title', 'title_of_the_work', 'body', 'eng'],
} as const satisfies Record<SearchScope, readonly string[]>;

export type SearchColumn = (typeof COLUMNS)['all'][number];

export function searchColumns(scope: SearchScope): readonly SearchColumn[] {
  return COLUMNS[scope];
}

/** Makes `\`, `%` and `_` literal in a LIKE/ILIKE pattern (PostgreSQL's default escape character is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** An ILIKE pattern matching the keyword anywhere (Korean substrings included). */
export function containsPattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}

/**
 * The operator that matches the keyword case-insensitively at the least cost. ILIKE lower-cases every value it
 * reads, which makes PostgreSQL about five times slower on long bodies; a keyword without upper- or lower-case
 * letters (Hangul, digits, punctuation) matches exactly the same text with LIKE. Both use the trigram indexes.
 */
export function likeOperator(keyword: string): 'like' | 'ilike' {
  return keyword.toLowerCase() === keyword.toUpperCase() ? 'like' : 'ilike';
}

/** The keyword to search for, or null when it is blank (then the dashboard falls back to its other sources). */
export function searchKeyword(query: string | null | undefined): string | null {
  const text = query?.trim();
  return text ? text : null;
}

/** One or two Hangul syllables: what trigrams cannot serve and the Hangul gram indexes can. */
const SHORT_HANGUL = /^[가-힣]{1,2}$/;
const HANGUL_RUN = /[가-힣]+/g;

/**
 * The keyword as a Hangul gram (one of `hangulGrams`) when it is one or two syllables, else null. Such a keyword is
 * in a text exactly when it is among the text's grams, so the gram indexes answer it exactly.
 */
export function hangulGram(keyword: string): string | null {
  return SHORT_HANGUL.test(keyword) ? keyword : null;
}

/**
 * Every Hangul syllable of the texts and every pair of adjacent ones (never across a space or another character),
 * once each: what a post stores for its gram indexes. Worked out where the post is written: PostgreSQL takes about
 * 0.5 ms a post for the same in SQL, row by row (migration 20261217).
 */
export function hangulGrams(...texts: readonly (string | null | undefined)[]): string[] {
  const grams = new Set<string>();
  for (const text of texts) {
    for (const [run] of text?.matchAll(HANGUL_RUN) ?? []) {
      for (let i = 0; i < run.length; i++) {
        grams.add(run[i]);
        if (i + 1 < run.length) grams.add(run.slice(i, i + 2));
      }
    }
  }
  return [...grams];
}

/** The gram columns of each scope: `title_hangul_grams` for postTitle and titleOfTheWork, `body_…` for body and eng. */
const GRAM_PARTS = {
  title: ['title'],
  body: ['body'],
  all: ['title', 'body'],
} as const satisfies Record<SearchScope, readonly string[]>;

/** The indexed gram expressions of a scope (alias `p`), as the indexes on post name them (migration 20261217). */
export function gramExpressions(scope: SearchScope): readonly string[] {
  return GRAM_PARTS[scope].map((part) => `indexed_grams(p."${part}_hangul_grams")`);
}

/** The signature columns of a scope's gram columns (migration 20261220), which the list-order index includes. */
export function gramSignatureColumns(scope: SearchScope): readonly string[] {
  return GRAM_PARTS[scope].map((part) => `${part}_gram_signature`);
}

/** The column of post_hangul_gram_count that counts each scope's posts holding a gram (migration 20261218). */
const GRAM_COUNT_COLUMNS = { title: 'in_title', body: 'in_body', all: 'in_any' } as const satisfies Record<
  SearchScope,
  string
>;

export function gramCountColumn(scope: SearchScope): string {
  return GRAM_COUNT_COLUMNS[scope];
}
