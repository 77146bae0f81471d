/**
 * Arrays as one SQL parameter. MikroORM spreads an array parameter into a list of values, so an array travels as
 * text: `?::int[]` with intArray(ids), `array(select jsonb_array_elements_text(?::jsonb))` with textArray(values).
 */
export function intArray(values: readonly number[]): string {
  for (const value of values) if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer: ${value}`);
  return `{${values.join(',')}}`;
}

export function textArray(values: readonly string[]): string {
  return JSON.stringify(values);
}

/** The SQL that reads a textArray parameter as text[]. */
export const TEXT_ARRAY_PARAM = 'array(select jsonb_array_elements_text(?::jsonb))';
