import { applyDecorators, ConflictException } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { Optional } from './optional.js';
import { MAX_INT } from './validation.pipe.js';

/** A shared record's version in an answer. */
export const RecordVersion = () =>
  ApiProperty({ description: 'Raised by every change of the record; a save sends back the version it was made on' });

/** The version a save was made on: optional (the spec's bodies have none), and checked whenever given. */
export const SaveVersion = () =>
  applyDecorators(
    ApiPropertyOptional({
      minimum: 1,
      description:
        'The version of the record the edit was made on. Given, a save that would overwrite fields someone changed since is refused ' +
        '(409 naming them in details.conflictingFields, with the current record); left out, the save is not checked',
    }),
    Optional(),
    IsInt(),
    Min(1),
    Max(MAX_INT),
  );

/** A record a save found changed since the version it was made on (platform/database/record-versions.ts). */
export interface StaleRecord {
  id: number;
  /** The fields the save would have overwritten. */
  conflictingFields: string[];
  /** The record as it is now, in the route's answer form, with its version: the client shows it and offers the edit again. */
  current: object;
}

/** 409 for a save of one record made on an older version; nothing is saved. */
export function staleSave(message: string, { conflictingFields, current }: Omit<StaleRecord, 'id'>): ConflictException {
  return new ConflictException({ message, details: { conflictingFields, current } });
}

/** 409 for a save of many records (all or none) of which some are stale: every stale one is named. */
export function staleSaves(message: string, records: readonly StaleRecord[]): ConflictException {
  const conflictingFields = [...new Set(records.flatMap((record) => record.conflictingFields))];
  return new ConflictException({ message, details: { conflictingFields, staleRecords: records } });
}
