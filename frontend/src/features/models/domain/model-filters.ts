import type { Model } from '../api/models.ts';

export interface ModelFilters {
  /** Matches comcard number, names, nationality or stage name. */
  search: string;
  comcardNo: string;
  national: string;
  stage: string;
}

export const EMPTY_FILTERS: ModelFilters = { search: '', comcardNo: '', national: '', stage: '' };

const normalise = (text: string) => text.trim().toLocaleLowerCase();

/** Case-insensitive substring match; a blank query matches everything, a missing value only a blank query. */
export function matchesText(value: string | null, query: string): boolean {
  const needle = normalise(query);
  if (!needle) return true;
  return !!value && value.toLocaleLowerCase().includes(needle);
}

function matchesSearch(model: Model, query: string): boolean {
  if (!normalise(query)) return true;
  return [model.comcardNo, model.nameEng, model.nameKor, model.national, model.stage].some((value) =>
    matchesText(value, query),
  );
}

/** The models every filter lets through, in their original order. */
export function filterModels(models: readonly Model[], filters: ModelFilters): Model[] {
  return models.filter(
    (model) =>
      matchesSearch(model, filters.search) &&
      matchesText(model.comcardNo, filters.comcardNo) &&
      matchesText(model.national, filters.national) &&
      matchesText(model.stage, filters.stage),
  );
}

export function hasActiveFilters(filters: ModelFilters): boolean {
  return Object.values(filters).some((value) => normalise(value) !== '');
}

/**
 * The selection after the table reports a change. The table only knows the rows it shows, so models hidden
 * by the filters stay as they were; 'all' (the select-all checkbox) adds every visible row.
 * Insertion order is the order of selection, which is the order the models are handed on in.
 */
export function mergeSelection(
  previous: ReadonlySet<number>,
  next: 'all' | Iterable<unknown>,
  visibleIds: readonly number[],
): Set<number> {
  const visible = new Set(visibleIds);
  const chosen = next === 'all' ? visible : new Set([...next].map(Number).filter((id) => visible.has(id)));
  const merged = new Set([...previous].filter((id) => !visible.has(id) || chosen.has(id)));
  for (const id of visibleIds) if (chosen.has(id)) merged.add(id);
  return merged;
}
