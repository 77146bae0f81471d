import { defineEntity, p } from '@mikro-orm/core';
import { recordVersionTrigger } from '../../platform/database/record-versions.js';
import type { ModelField } from './domain/model-record.js';

/** The column of each model field (the comcard number's is comcard_no). */
export const MODEL_COLUMNS: Record<ModelField, string> = {
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

/** A talent's model card (comcard), spec §3 Model; imported from a models sheet or entered by hand. */
export const TalentModelSchema = defineEntity({
  name: 'TalentModel',
  tableName: 'talent_model',
  properties: {
    id: p.integer().primary().autoincrement(),
    comcardNo: p.string().length(100).unique(),
    /** Profile picture URL (not editable in the form). */
    image: p.text().nullable(),
    nameEng: p.text().nullable(),
    nameKor: p.text().nullable(),
    national: p.text().nullable(),
    stage: p.text().nullable(),
    additionalPic: p.text().nullable(),
    download: p.text().nullable(),
    comcardPhotoURL: p.text().nullable(),
    /** May be a Drive link whose id query parameter yields a thumbnail. */
    htmlUrl: p.text().nullable(),
    /** SHA-256 (hex) of the normalised data (domain/model-record.ts). */
    contentHash: p.string().length(64),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    /** platform/database/record-versions.ts: raised by the trigger on every change of the model's data, imports included. */
    version: p.integer().version(),
    fieldVersions: p.json<Record<string, number>>().defaultRaw(`'{}'`),
  },
  triggers: [recordVersionTrigger('talent_model', ['comcard_no', ...Object.values(MODEL_COLUMNS)])],
});

export class TalentModel extends TalentModelSchema.class {}
TalentModelSchema.setClass(TalentModel);
