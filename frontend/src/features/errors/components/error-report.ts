/** What the error page shows (spec §2, /admin/error), read from the JSON in its `message` query parameter. */
export interface ErrorReport {
  statusCode?: number;
  error?: string;
  message?: string;
  databaseDetail?: string;
  errorType?: string;
  validation: { path: string; message: string }[];
  conflictingFields: string[];
  query?: string;
  originalError?: string;
  /** The parameter exactly as received. */
  raw: string;
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** Text for display; objects (e.g. an original error serialised whole) are shown as JSON. */
function asText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function asValidation(value: unknown): ErrorReport['validation'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const issue = asObject(item);
    if (!issue) return typeof item === 'string' ? [{ path: '', message: item }] : [];
    return [{ path: asText(issue.path ?? issue.property) ?? '', message: asText(issue.message) ?? '' }];
  });
}

/**
 * Reads the API's error shape ({statusCode, error, message, details}); the detail fields are also accepted at
 * the top level, where older callers put them. Text that is not JSON is shown as the message itself.
 */
export function parseErrorReport(raw: string | null): ErrorReport {
  const text = raw ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { message: text || undefined, validation: [], conflictingFields: [], raw: text };
  }
  const body = asObject(parsed);
  if (!body) return { message: asText(parsed), validation: [], conflictingFields: [], raw: text };
  const details = { ...body, ...asObject(body.details) };
  const conflicting = details.conflictingFields;

  return {
    statusCode: typeof body.statusCode === 'number' ? body.statusCode : undefined,
    error: asText(body.error),
    message: asText(body.message),
    databaseDetail: asText(details.databaseDetail),
    errorType: asText(details.errorType),
    validation: asValidation(details.validation ?? details.validationErrors),
    conflictingFields: Array.isArray(conflicting) ? conflicting.map(String) : [],
    query: asText(details.query),
    originalError: asText(details.originalError),
    raw: text,
  };
}
