// A model card (comcard) as the models-sheet importer hands it to ModelsService.upsertModels. Pure.
import { createHash } from 'node:crypto';

/** The data fields of a model (spec §3), in the order they are hashed. */
export const MODEL_FIELDS = [
  'image',
  'nameEng',
  'nameKor',
  'national',
  'stage',
  'additionalPic',
  'download',
  'comcardPhotoURL',
  'htmlUrl',
] as const;
export type ModelField = (typeof MODEL_FIELDS)[number];

export type ModelData = Record<ModelField, string | null>;

/** The column is varchar(100). */
export const COMCARD_NO_MAX_LENGTH = 100;

export interface ModelRecord extends ModelData {
  /** The comcard number, trimmed: the key models are matched by. */
  comcardNo: string;
  /** SHA-256 (hex) of the normalised data; equal hashes mean nothing to update. */
  contentHash: string;
}

function normaliseText(value: string | null | undefined): string | null {
  const text = value?.replaceAll('\u0000', '').trim();
  return text ? text : null;
}

/** Every field present, trimmed, blank as null. */
export function normaliseModelData(data: Partial<ModelData>): ModelData {
  const out = {} as ModelData;
  for (const field of MODEL_FIELDS) out[field] = normaliseText(data[field]);
  return out;
}

export function modelContentHash(data: ModelData): string {
  const normal = normaliseModelData(data);
  return createHash('sha256')
    .update(JSON.stringify(MODEL_FIELDS.map((field) => normal[field])), 'utf8')
    .digest('hex');
}

/**
 * A row of a models sheet as a record to store; null when it has no comcard number. A comcard number longer
 * than 100 characters is refused with a RangeError.
 */
export function toModelRecord(row: Partial<ModelData> & { comcardNo?: string | null }): ModelRecord | null {
  const comcardNo = normaliseText(row.comcardNo);
  if (comcardNo === null) return null;
  if (comcardNo.length > COMCARD_NO_MAX_LENGTH) {
    throw new RangeError(`The comcard number is longer than ${COMCARD_NO_MAX_LENGTH} characters.`);
  }
  const data = normaliseModelData(row);
  return { comcardNo, ...data, contentHash: modelContentHash(data) };
}
