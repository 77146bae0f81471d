// Google's partial responses: `fields=nextPageToken,files(id,name,parents)`, `a/b`, `*`.

/** A selection: `true` keeps the whole value, a map keeps the named keys (with their own selections). */
export type Selection = true | Map<string, Selection>;

export class FieldsError extends Error {}

export function parseFields(text: string): Selection {
  let index = 0;
  const source = text.replace(/\s+/g, '');
  if (source === '' || source === '*') return true;

  function parseList(): Map<string, Selection> {
    const result = new Map<string, Selection>();
    for (;;) {
      parseItem(result);
      if (source[index] === ',') {
        index++;
        continue;
      }
      return result;
    }
  }

  function parseItem(into: Map<string, Selection>): void {
    const match = /^(\*|[A-Za-z_@][\w@.-]*)/.exec(source.slice(index));
    if (!match) throw new FieldsError(`Invalid field selection ${source.slice(index) || source}`);
    index += match[0].length;
    const name = match[0];
    let selection: Selection;
    if (source[index] === '/') {
      index++;
      const nested = new Map<string, Selection>();
      parseItem(nested);
      selection = nested;
    } else if (source[index] === '(') {
      index++;
      selection = parseList();
      if (source[index] !== ')') throw new FieldsError(`Invalid field selection ${source}`);
      index++;
    } else {
      selection = true;
    }
    into.set(name, merge(into.get(name), selection));
  }

  const list = parseList();
  if (index !== source.length) throw new FieldsError(`Invalid field selection ${source}`);
  return list;
}

function merge(a: Selection | undefined, b: Selection): Selection {
  if (a === undefined) return b;
  if (a === true || b === true) return true;
  const result = new Map(a);
  for (const [key, value] of b) result.set(key, merge(result.get(key), value));
  return result;
}

/** Keeps only the selected parts of a JSON value. */
export function applySelection(value: unknown, selection: Selection): unknown {
  if (selection === true || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => applySelection(item, selection));
  if (selection.has('*')) return value;
  const result: Record<string, unknown> = {};
  for (const [key, nested] of selection) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) result[key] = applySelection(item, nested);
  }
  return result;
}

/** The top-level names a selection asks for inside `key` (or at the top when key is null). */
export function selectedNames(selection: Selection, key: string | null): string[] | 'all' {
  if (selection === true) return 'all';
  const inner = key === null ? selection : selection.get(key);
  if (inner === undefined) return [];
  if (inner === true || inner.has('*')) return 'all';
  return [...inner.keys()];
}
