import type { ValidationIssue } from './error-body.js';

/**
 * The first issue `check` finds in an input, walking everything inside its arrays and objects (their keys too,
 * at `<path>.key`), with the dotted path of where it is. Buffers and dates are values, not walked.
 */
export function firstIssueIn(
  value: unknown,
  path: string,
  check: (value: unknown, path: string) => ValidationIssue | null,
): ValidationIssue | null {
  if (value === null || typeof value !== 'object' || value instanceof Date || Buffer.isBuffer(value))
    return check(value, path);
  for (const [key, inner] of Object.entries(value)) {
    const issue =
      (Array.isArray(value) ? null : check(key, joinPath(path, 'key'))) ??
      firstIssueIn(inner, joinPath(path, key), check);
    if (issue) return issue;
  }
  return null;
}

function joinPath(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
