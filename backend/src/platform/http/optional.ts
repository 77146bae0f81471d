import { ValidateIf } from 'class-validator';

/**
 * A field that may be left out. Unlike class-validator's IsOptional, null is not "left out": it is checked like
 * any other value (and refused by IsBoolean, IsString...), unless the field takes null (`nullable`), so that a
 * `null` never slips past validation into a NOT NULL column.
 */
export function Optional(options: { nullable?: boolean } = {}): PropertyDecorator {
  return ValidateIf(
    (_object: unknown, value: unknown) => value !== undefined && !(options.nullable === true && value === null),
  );
}
