// The personalisation of a message (spec §5): {{Name}} and {{Definition1}}..{{Definition3}} become the
// recipient's name and definitions; anything else in double braces stays as typed.

export interface PlaceholderValues {
  name: string;
  definition1: string;
  definition2: string;
  definition3: string;
}

/** The insert buttons, in the spec's order: each appends its placeholder to the message. */
export const PLACEHOLDERS = [
  { label: 'Name', token: '{{Name}}' },
  { label: 'Definition1', token: '{{Definition1}}' },
  { label: 'Definition2', token: '{{Definition2}}' },
  { label: 'Definition3', token: '{{Definition3}}' },
] as const;

const FIELD_OF: Record<string, keyof PlaceholderValues> = {
  Name: 'name',
  Definition1: 'definition1',
  Definition2: 'definition2',
  Definition3: 'definition3',
};

const PLACEHOLDER = /\{\{\s*(Name|Definition[123])\s*\}\}/g;

/** The message as this recipient gets it; a missing value is empty. */
export function applyPlaceholders(message: string, values: Partial<PlaceholderValues>): string {
  return message.replace(PLACEHOLDER, (_token, name: string) => values[FIELD_OF[name]!] ?? '');
}
