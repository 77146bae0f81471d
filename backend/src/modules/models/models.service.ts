import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type KeyedTable, upsertByKey, type UpsertCounts } from '../../platform/database/keyed-upsert.js';
import { MODEL_FIELDS, type ModelField, type ModelRecord } from './domain/model-record.js';

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

/** How imports write models: by comcard_no, skipping rows whose content hash is unchanged. */
const MODEL_TABLE: KeyedTable = {
  table: 'talent_model',
  key: { column: 'comcard_no', type: 'varchar(100)' },
  columns: [...MODEL_FIELDS.map((field) => ({ column: COLUMNS[field], type: 'text' })), { column: 'content_hash', type: 'varchar(64)' }],
  createdAtColumn: 'created_at',
};

/** Model cards (comcards). For now the store the models-sheet importer writes to; CRUD comes later. */
@Injectable()
export class ModelsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores imported models by comcard number, in one transaction: new numbers are inserted; a known number
   * whose contentHash differs gets the new data; an equal hash is left alone. Rows repeating a number count
   * once (the last one wins).
   */
  upsertModels(rows: readonly ModelRecord[], onProgress?: (done: number, total: number) => Promise<void> | void): Promise<UpsertCounts> {
    const toRow = (row: ModelRecord) => {
      const record: Record<string, unknown> = { comcard_no: row.comcardNo, content_hash: row.contentHash };
      for (const field of MODEL_FIELDS) record[COLUMNS[field]] = row[field] ?? null;
      return record;
    };
    return upsertByKey(this.em, MODEL_TABLE, { items: rows, keyOf: (row) => row.comcardNo, hashOf: (row) => row.contentHash, toRow }, onProgress);
  }
}
