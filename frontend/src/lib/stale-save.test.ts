import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { editedFields, staleRecordOf, staleRecordsOf } from './stale-save.ts';

const conflict = (details: object) =>
  new ApiError(409, { statusCode: 409, error: 'Conflict', message: 'Changed meanwhile', details });

describe('stale saves', () => {
  it('reads the record a refused save found, and nothing from other failures', () => {
    expect(
      staleRecordOf(conflict({ conflictingFields: ['stage'], current: { id: 1, stage: 'B', version: 2 } })),
    ).toEqual({
      conflictingFields: ['stage'],
      current: { id: 1, stage: 'B', version: 2 },
    });
    expect(staleRecordOf(conflict({ conflictingFields: ['comcardNo'] }))).toBeNull();
    expect(staleRecordOf(new ApiError(500, undefined))).toBeNull();
    expect(staleRecordOf(new Error('offline'))).toBeNull();
  });

  it('reads every stale row of a refused save of many', () => {
    const rows = [{ id: 3, conflictingFields: ['memo'], current: { id: 3, memo: 'theirs', version: 4 } }];
    expect(staleRecordsOf(conflict({ conflictingFields: ['memo'], staleRecords: rows }))).toEqual(rows);
    expect(staleRecordsOf(conflict({ conflictingFields: ['memo'], current: {} }))).toBeNull();
  });

  it('names the fields a staff member edited', () => {
    expect(
      editedFields({ title: 'a', files: ['x'], message: 'm' }, { title: 'b', files: ['x', 'y'], message: 'm' }),
    ).toEqual(['title', 'files']);
  });
});
