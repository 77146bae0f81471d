// Finds a table's columns by their header texts, in any order: a field's own name or the Korean header staff
// use, with spaces, case and punctuation ignored. Pure; shared by sheet imports and CSV uploads.

export interface ColumnSpec<F extends string> {
  field: F;
  /** Header texts that mean this field, besides the field name itself. */
  headers: readonly string[];
  required?: boolean;
}

export interface ColumnMapping<F extends string> {
  /** Where each recognised field is, by column index. */
  columns: Map<F, number>;
  /** Header texts that match no field (reported, not fatal). */
  unknownHeaders: string[];
  /** Required fields with no column. */
  missing: F[];
}

/** `공고 제목`, `공고제목` and ` 공고_제목 ` are the same header; so are `postTitle` and `POST TITLE`. */
export function headerKey(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\s_\-.·:()[\]/]+/g, '');
}

/** The field a header text means (its name or one of its headers, compared by headerKey), if any. */
export function headerLookup<F extends string>(specs: readonly ColumnSpec<F>[]): (text: string) => F | undefined {
  const byKey = new Map<string, F>();
  for (const spec of specs) {
    for (const text of [spec.field, ...spec.headers]) byKey.set(headerKey(text), spec.field);
  }
  return (text) => byKey.get(headerKey(text));
}

export function mapColumns<F extends string>(
  headerRow: readonly unknown[],
  specs: readonly ColumnSpec<F>[],
): ColumnMapping<F> {
  const fieldOf = headerLookup(specs);
  const columns = new Map<F, number>();
  const unknownHeaders: string[] = [];
  headerRow.forEach((cell, index) => {
    const text = String(cell ?? '').trim();
    if (!text) return;
    const field = fieldOf(text);
    if (!field) unknownHeaders.push(text);
    // The first column of a field wins; a repeated header is reported as unknown.
    else if (columns.has(field)) unknownHeaders.push(text);
    else columns.set(field, index);
  });
  const missing = specs.filter((spec) => spec.required && !columns.has(spec.field)).map((spec) => spec.field);
  return { columns, unknownHeaders, missing };
}

/** A row's cells by field, trimmed, with empty cells as null. */
export function readRow<F extends string>(
  row: readonly unknown[],
  columns: Map<F, number>,
): Partial<Record<F, string | null>> {
  const values: Partial<Record<F, string | null>> = {};
  for (const [field, index] of columns) {
    const text = String(row[index] ?? '').trim();
    values[field] = text === '' ? null : text;
  }
  return values;
}
