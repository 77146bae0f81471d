import { LockMode } from '@mikro-orm/core';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { type KeyedTable, upsertByKey, type UpsertCounts } from '../../platform/database/keyed-upsert.js';
import { conflictingFields, type FieldWrite } from '../../platform/database/record-versions.js';
import { staleSave } from '../../platform/http/stale-save.js';
import { Post } from '../posts/post.entity.js';
import { PostsService } from '../posts/posts.service.js';
import { driveThumbnailUrl } from '../../platform/domain/drive-thumbnail.js';
import {
  MODEL_FIELDS,
  type ModelData,
  type ModelField,
  type ModelRecord,
  modelContentHash,
  normaliseModelData,
} from './domain/model-record.js';
import type { ModelDto, PostSelectedModelsDto, SaveModelDto, UpdateModelDto } from './dto/model.dto.js';
import { ModelSelection } from './model-selection.entity.js';
import { MODEL_COLUMNS, TalentModel } from './model.entity.js';

/** How imports write models: by comcard_no, skipping rows whose content hash is unchanged. */
const MODEL_TABLE: KeyedTable = {
  table: 'talent_model',
  key: { column: 'comcard_no', type: 'varchar(100)' },
  columns: [
    ...MODEL_FIELDS.map((field) => ({ column: MODEL_COLUMNS[field], type: 'text' })),
    { column: 'content_hash', type: 'varchar(64)' },
  ],
  createdAtColumn: 'created_at',
};

/** What a model's DTO is made of, from an entity or a row of SELECTED_MODEL_COLUMNS. */
type SelectedModelRow = Pick<TalentModel, 'id' | 'comcardNo' | 'version'> & { [field in ModelField]?: string | null };

/** A model's columns as the fields of SelectedModelRow, for reads of rows rather than entities. */
const SELECTED_MODEL_COLUMNS = [
  'm."id"',
  'm."comcard_no" as "comcardNo"',
  'm."version"',
  ...MODEL_FIELDS.map((field) => `m."${MODEL_COLUMNS[field]}" as "${field}"`),
].join(', ');

export function toModelDto(model: SelectedModelRow): ModelDto {
  const dto = { id: model.id, comcardNo: model.comcardNo } as ModelDto;
  for (const field of MODEL_FIELDS) dto[field] = model[field] ?? null;
  dto.thumbnailUrl = driveThumbnailUrl(model.htmlUrl);
  dto.version = model.version;
  return dto;
}

const COMCARD_TAKEN = () =>
  new ConflictException({
    message: 'A model with this comcard number already exists',
    details: { conflictingFields: ['comcardNo'] },
  });

/** Model cards (comcards): the Model List's CRUD, the sheet importer's upsert, and the models selected per post. */
@Injectable()
export class ModelsService {
  constructor(
    private readonly em: EntityManager,
    private readonly posts: PostsService,
  ) {}

  /** Every model, by comcard number (spec §9: the model list has no pagination). */
  async list(): Promise<ModelDto[]> {
    const models = await this.em.fork().find(TalentModel, {}, { orderBy: { comcardNo: 'asc', id: 'asc' } });
    return models.map(toModelDto);
  }

  async create(input: SaveModelDto): Promise<ModelDto> {
    const em = this.em.fork();
    const data = normaliseModelData(input);
    const model = em.create(TalentModel, { comcardNo: input.comcardNo, ...data, contentHash: modelContentHash(data) });
    await this.flushUnique(em);
    return toModelDto(model);
  }

  /**
   * A field left out keeps its value; a blank one is cleared. Made on an older version, a save that would
   * overwrite fields changed since (by staff or an import) is refused with the model as it is now.
   */
  async update(id: number, input: UpdateModelDto): Promise<ModelDto> {
    return this.em.fork().transactional(async (em) => {
      const model = await this.load(em, id, LockMode.PESSIMISTIC_WRITE);
      const current = Object.fromEntries(MODEL_FIELDS.map((field) => [field, model[field] ?? null])) as ModelData;
      const givenFields = MODEL_FIELDS.filter((field) => input[field] !== undefined);
      const data = normaliseModelData({
        ...current,
        ...Object.fromEntries(givenFields.map((field) => [field, input[field]])),
      });
      const writes: FieldWrite[] = [
        { field: 'comcardNo', column: 'comcard_no', current: model.comcardNo, next: input.comcardNo },
        ...givenFields.map((field) => ({
          field,
          column: MODEL_COLUMNS[field],
          current: current[field],
          next: data[field],
        })),
      ];
      const conflicts = conflictingFields(model, input.version, writes);
      if (conflicts.length > 0) {
        throw staleSave(
          `The model was changed by someone else meanwhile (${conflicts.join(', ')}). Nothing was saved.`,
          {
            conflictingFields: conflicts,
            current: toModelDto(model),
          },
        );
      }
      em.assign(model, { comcardNo: input.comcardNo, ...data, contentHash: modelContentHash(data) });
      await this.flushUnique(em);
      return toModelDto(model);
    });
  }

  async remove(id: number): Promise<void> {
    const em = this.em.fork();
    em.remove(await this.load(em, id));
    await em.flush();
  }

  /** The models a staff member selected for a post, in the order chosen. */
  async selectedFor(userId: number, postKey: string): Promise<ModelDto[]> {
    const post = await this.posts.forEmail(postKey);
    return this.selectionOf(userId, post.id);
  }

  /**
   * A staff member's selections for many posts in one read (a page of the dashboard), in the order the keys were
   * given, each repeated key once; a key no post has answers no models, like a post with no selection.
   */
  async selectedForPosts(userId: number, postKeys: readonly string[]): Promise<PostSelectedModelsDto[]> {
    const keys = [...new Set(postKeys)];
    const posts = await this.em.fork().find(Post, { postKey: { $in: keys } }, { fields: ['id', 'postKey'] });
    const selections = await this.selectionsByPost(
      userId,
      posts.map((post) => post.id),
    );
    const byKey = new Map<string, ModelDto[]>(posts.map((post) => [post.postKey, selections.get(post.id) ?? []]));
    return keys.map((postId) => ({ postId, models: byKey.get(postId) ?? [] }));
  }

  /** Replaces a staff member's selection for a post; unknown model ids are refused, repeats count once. */
  async select(userId: number, postKey: string, modelIds: readonly number[]): Promise<ModelDto[]> {
    const post = await this.posts.forEmail(postKey);
    const ids = [...new Set(modelIds)];
    await this.em.fork().transactional(async (em) => {
      // One replacement at a time per staff member and post: two at once would each insert what the other kept.
      await em.execute('select pg_advisory_xact_lock(?, ?)', [userId, post.id]);
      const found = await em.find(TalentModel, { id: { $in: ids } }, { fields: ['id'] });
      const missing = ids.filter((id) => !found.some((model) => model.id === id));
      if (missing.length > 0) throw new NotFoundException(`Model not found: ${missing.join(', ')}`);
      await em.nativeDelete(ModelSelection, { user: userId, post: post.id });
      if (ids.length > 0) {
        await em.insertMany(
          ModelSelection,
          ids.map((id, position) => ({ user: userId, post: post.id, model: id, position })),
        );
      }
    });
    return this.selectionOf(userId, post.id);
  }

  async deselect(userId: number, postKey: string, modelId: number): Promise<void> {
    const post = await this.posts.forEmail(postKey);
    await this.em.fork().nativeDelete(ModelSelection, { user: userId, post: post.id, model: modelId });
  }

  /** The selection by the post's row id (for a send, which has read the post already). */
  async selectionOf(userId: number, postId: number): Promise<ModelDto[]> {
    return (await this.selectionsByPost(userId, [postId])).get(postId) ?? [];
  }

  /**
   * The selections of posts by their row ids, each in the order chosen. Rows, not entities: a campaign reads twenty
   * posts' selections at a time, and loading each model as an entity (with its change-tracking copy) cost more than
   * the rest of the read.
   */
  private async selectionsByPost(userId: number, postIds: readonly number[]): Promise<Map<number, ModelDto[]>> {
    const selections = new Map<number, ModelDto[]>();
    if (postIds.length === 0) return selections;
    const rows = await this.em.getConnection().execute<(SelectedModelRow & { postId: number })[]>(
      `select s."post_id" as "postId", ${SELECTED_MODEL_COLUMNS}
         from "model_selection" s join "talent_model" m on m."id" = s."model_id"
        where s."user_id" = ? and s."post_id" in (select jsonb_array_elements_text(?::jsonb)::int)
        order by s."position"`,
      [userId, JSON.stringify(postIds)],
    );
    for (const row of rows) {
      let models = selections.get(row.postId);
      if (!models) selections.set(row.postId, (models = []));
      models.push(toModelDto(row));
    }
    return selections;
  }

  private async load(em: EntityManager, id: number, lockMode?: LockMode.PESSIMISTIC_WRITE): Promise<TalentModel> {
    const model = await em.findOne(TalentModel, { id }, lockMode ? { lockMode } : {});
    if (!model) throw new NotFoundException('Model not found');
    return model;
  }

  private async flushUnique(em: EntityManager): Promise<void> {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw COMCARD_TAKEN();
      throw error;
    }
  }

  /**
   * Stores imported models by comcard number, in one transaction: new numbers are inserted; a known number
   * whose contentHash differs gets the new data; an equal hash is left alone. Rows repeating a number count
   * once (the last one wins).
   */
  upsertModels(
    rows: readonly ModelRecord[],
    onProgress?: (done: number, total: number) => Promise<void> | void,
  ): Promise<UpsertCounts> {
    const toRow = (row: ModelRecord) => {
      const record: Record<string, unknown> = { comcard_no: row.comcardNo, content_hash: row.contentHash };
      for (const field of MODEL_FIELDS) record[MODEL_COLUMNS[field]] = row[field] ?? null;
      return record;
    };
    return upsertByKey(
      this.em,
      MODEL_TABLE,
      { items: rows, keyOf: (row) => row.comcardNo, hashOf: (row) => row.contentHash, toRow },
      onProgress,
    );
  }
}
