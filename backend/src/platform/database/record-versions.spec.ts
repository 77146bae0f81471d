import { conflictingFields, recordVersionTrigger, type FieldWrite } from './record-versions.js';

const write = (field: string, current: unknown, next: unknown): FieldWrite => ({
  field,
  column: `${field}_column`,
  current,
  next,
});

describe('record versions', () => {
  // Version 4: the memo changed at 3, the name at 4.
  const record = { version: 4, fieldVersions: { memo_column: 3, name_column: 4 } };

  it('names the fields a stale save would overwrite', () => {
    expect(conflictingFields(record, 2, [write('memo', 'theirs', 'mine'), write('name', 'Kim', 'Lee')])).toEqual([
      'memo',
      'name',
    ]);
    expect(conflictingFields(record, 3, [write('memo', 'theirs', 'mine'), write('name', 'Kim', 'Lee')])).toEqual([
      'name',
    ]);
  });

  it('lets a stale save through for fields nobody changed since, or set to what is stored', () => {
    expect(conflictingFields(record, 2, [write('phone', '010', '011')])).toEqual([]);
    expect(
      conflictingFields(record, 2, [write('memo', 'same', 'same'), write('files', ['a', 'b'], ['a', 'b'])]),
    ).toEqual([]);
    expect(
      conflictingFields({ version: 2, fieldVersions: { files_column: 2 } }, 1, [
        write('files', ['a', 'b'], ['b', 'a']),
      ]),
    ).toEqual(['files']);
  });

  it('does not check a save on the current version, or without one', () => {
    expect(conflictingFields(record, 4, [write('memo', 'theirs', 'mine')])).toEqual([]);
    expect(conflictingFields(record, undefined, [write('memo', 'theirs', 'mine')])).toEqual([]);
  });

  it("declares the trigger over the table's versioned columns", () => {
    expect(recordVersionTrigger('contact', ['memo', 'group_id']).expression).toBe(
      `create trigger "record_version" before update of "memo", "group_id" on "contact" for each row execute function "record_version_fn"('memo', 'group_id');`,
    );
  });
});
