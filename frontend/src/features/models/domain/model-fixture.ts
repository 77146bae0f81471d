import type { Model } from '../api/models.ts';

/** A model card for tests: every field empty but the ones given. */
export function modelFixture(fields: Partial<Model> & Pick<Model, 'id' | 'comcardNo'>): Model {
  return {
    image: null,
    nameEng: null,
    nameKor: null,
    national: null,
    stage: null,
    additionalPic: null,
    download: null,
    comcardPhotoURL: null,
    htmlUrl: null,
    thumbnailUrl: null,
    version: 1,
    ...fields,
  };
}
