/** class-transformer `@Transform` functions shared by the DTOs. */

/** Text without the spaces around it; anything else as given. */
export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
