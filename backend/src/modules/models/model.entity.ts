import { defineEntity, p } from '@mikro-orm/core';

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
  },
});

export class TalentModel extends TalentModelSchema.class {}
TalentModelSchema.setClass(TalentModel);
