import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MODEL_FIELDS, type ModelField, type ModelRecord } from './domain/model-record.js';

/** What an import did: rows new, rows whose data changed, rows already as the sheet has them. */
export interface UpsertCounts {
  created: number;
  updated: number;
  unchanged: number;
}

const COLUMNS: Record<ModelField, string> = {
  image: 'image',
  nameEng: 'name_eng',
  nameKor: 'name_kor',
  national: 'national',
  stage: 'stage',
  additionalPic: 'additional_pic',
  download: 'download',
  comcardPhotoURL: 'comcard_photo_url',
  htmlUrl: 'html_url',
};

const UPSERT_COLUMNS = [...MODEL_FIELDS.map((field) => COLUMNS[field]), 'content_hash'];

/** Rows per insert statement of an import (each row is one JSON object of one parameter). */
const UPSERT_BATCH = 500;

const UPSERT_SQL = `
  insert into "talent_model" ("comcard_no", ${UPSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}, "created_at", "updated_at")
  select "comcard_no", ${UPSERT_COLUMNS.map((c) => `"${c}"`).join(', ')}, now(), now()
  from jsonb_to_recordset(?::jsonb) as x("comcard_no" varchar(100), ${UPSERT_COLUMNS.map((c) => `"${c}" text`).join(', ')})
  on conflict ("comcard_no") do update set
    ${UPSERT_COLUMNS.map((c) => `"${c}" = excluded."${c}"`).join(', ')}, "updated_at" = excluded."updated_at"
  where "talent_model"."content_hash" is distinct from excluded."content_hash"
  returning (xmax = 0) as "inserted"`;

/** Model cards (comcards). For now the store the models-sheet importer writes to; CRUD comes later. */
@Injectable()
export class ModelsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores imported models by comcard number, in one transaction: new numbers are inserted; a known number
   * whose contentHash differs gets the new data; an equal hash is left alone. Rows repeating a number count
   * once (the last one wins).
   */
  async upsertModels(rows: readonly ModelRecord[]): Promise<UpsertCounts> {
    const byNo = new Map<string, ModelRecord>();
    for (const row of rows) byNo.set(row.comcardNo, row);
    const unique = [...byNo.values()];
    let created = 0;
    let updated = 0;
    await this.em.fork().transactional(async (em) => {
      for (let start = 0; start < unique.length; start += UPSERT_BATCH) {
        const batch = unique.slice(start, start + UPSERT_BATCH).map((row) => {
          const record: Record<string, unknown> = { comcard_no: row.comcardNo, content_hash: row.contentHash };
          for (const field of MODEL_FIELDS) record[COLUMNS[field]] = row[field] ?? null;
          return record;
        });
        const changed = await em.execute<{ inserted: boolean }[]>(UPSERT_SQL, [JSON.stringify(batch)]);
        for (const { inserted } of changed) {
          if (inserted) created++;
          else updated++;
        }
      }
    });
    return { created, updated, unchanged: unique.length - created - updated };
  }
}
