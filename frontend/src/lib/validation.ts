/** A field's error message, or undefined when the value passes. */
export type Rule = (value: string) => string | undefined;

export const required =
  (message: string): Rule =>
  (value) =>
    value.trim() ? undefined : message;

// The shape browsers accept for type=email; the server checks the address properly.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailAddress =
  (message: string): Rule =>
  (value) =>
    !value.trim() || EMAIL_SHAPE.test(value.trim()) ? undefined : message;

export const minLength =
  (length: number, message: string): Rule =>
  (value) =>
    !value || value.length >= length ? undefined : message;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Runs each field's rules in order and keeps the first failure per field. */
export function validate<F extends string>(
  values: Record<F, string>,
  rules: Partial<Record<F, Rule[]>>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(rules) as F[]) {
    for (const rule of rules[field] ?? []) {
      const message = rule(values[field]);
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
