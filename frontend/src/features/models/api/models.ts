import type { Schemas } from '@job-casting/contracts';
import { useMemo } from 'react';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';

export type Model = Schemas['ModelDto'];
export type ModelInput = Schemas['SaveModelDto'];
export type ModelUpdate = Schemas['UpdateModelDto'];

export type PostSelection = Schemas['PostSelectedModelsDto'];

const modelsKey = ['models', 'list'] as const;
const selectedModelsKey = (postId: string) => ['models', 'selected', postId] as const;
/** The selections of a page of posts, read at once (GET posts/selected-models). */
const selectionsKey = (postIds: readonly string[]) => ['models', 'selections', postIds] as const;
type SelectionsKey = ReturnType<typeof selectionsKey>;

const isSelectionsKey = (key: unknown): key is SelectionsKey =>
  Array.isArray(key) && key[0] === 'models' && key[1] === 'selections';

/** How a model is named where space is short: its English name, else its Korean one, else its comcard number. */
export const modelName = (model: Pick<Model, 'nameEng' | 'nameKor' | 'comcardNo'>): string =>
  model.nameEng || model.nameKor || model.comcardNo;

/** Every model card, by comcard number (GET models). */
export async function fetchModels(): Promise<Model[]> {
  return unwrap(await api.GET('/backend/api/v1/models'));
}

/** The model cards, fetched only while a dialog that shows them is open. */
export function useModels(isOpen: boolean) {
  return useSWR(isOpen ? modelsKey : null, fetchModels, { revalidateOnFocus: false });
}

/**
 * Fetches the list again and puts it in the cache; unlike SWR's own revalidation it throws on failure,
 * so that a screen can say the change was saved but the list is stale.
 */
export async function reloadModels(): Promise<Model[]> {
  const models = await fetchModels();
  await mutate(modelsKey, models, { revalidate: false });
  return models;
}

/** A selection may show a model that was just edited or deleted. */
function revalidateSelections(): Promise<unknown> {
  return mutate((key) => isSelectionsKey(key) || (Array.isArray(key) && key[0] === 'models' && key[1] === 'selected'));
}

/** GET posts/selected-models: this staff member's selection of each post, in the order of postIds. */
export async function fetchSelectionsOf(postIds: readonly string[]): Promise<PostSelection[]> {
  return unwrap(
    await api.GET('/backend/api/v1/posts/selected-models', { params: { query: { postIds: [...postIds] } } }),
  );
}

/** The selected models of every post of a page, by postId (one request for the page, not one per post). */
export function useSelectionsOf(postIds: readonly string[]) {
  const swr = useSWR(postIds.length === 0 ? null : selectionsKey(postIds), ([, , ids]) => fetchSelectionsOf(ids), {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
  const byPost = useMemo(
    () => new Map((swr.data ?? []).map((selection) => [selection.postId, selection.models])),
    [swr.data],
  );
  return { ...swr, byPost };
}

/** Puts a post's new selection in every cached page that shows the post, so its card and its row follow at once. */
function rememberSelection(postId: string, change: (models: Model[]) => Model[]): Promise<unknown> {
  return mutate<PostSelection[]>(
    (key) => isSelectionsKey(key) && key[2].includes(postId),
    (pages) =>
      pages?.map((selection) =>
        selection.postId === postId ? { ...selection, models: change(selection.models) } : selection,
      ),
    { revalidate: false },
  );
}

/** POST models; 409 when the comcard number is taken. The caller reloads the list (see reloadModels). */
export async function createModel(input: ModelInput): Promise<Model> {
  return unwrap(await api.POST('/backend/api/v1/models', { body: input }));
}

/** Puts a model as the server has it now into the cached list (a refused stale save answers it). */
export async function rememberModel(model: Model): Promise<void> {
  await mutate<Model[]>(
    modelsKey,
    (models) => models?.map((candidate) => (candidate.id === model.id ? model : candidate)),
    { revalidate: false },
  );
}

/** PUT models/{id}; an image left out of input is kept; 409 with the model as it is now when the version is stale. */
export async function updateModel(id: number, input: ModelUpdate): Promise<Model> {
  const model = unwrap(await api.PUT('/backend/api/v1/models/{id}', { params: { path: { id } }, body: input }));
  void revalidateSelections();
  return model;
}

/** DELETE models/{id}. */
export async function deleteModel(id: number): Promise<void> {
  unwrap(await api.DELETE('/backend/api/v1/models/{id}', { params: { path: { id } } }));
  void revalidateSelections();
}

/** GET posts/{postId}/selected-models: this staff member's selection for the post, in the order selected. */
export async function fetchSelectedModels(postId: string): Promise<Model[]> {
  return unwrap(await api.GET('/backend/api/v1/posts/{postId}/selected-models', { params: { path: { postId } } }));
}

/** The models selected for a post; null waits. */
export function useSelectedModels(postId: string | null) {
  return useSWR(postId === null ? null : selectedModelsKey(postId), ([, , id]) => fetchSelectedModels(id), {
    revalidateOnFocus: false,
  });
}

/** PUT posts/{postId}/selected-models: replaces the selection with modelIds, in order; answers the models. */
export async function selectModels(postId: string, modelIds: number[]): Promise<Model[]> {
  const models = unwrap(
    await api.PUT('/backend/api/v1/posts/{postId}/selected-models', {
      params: { path: { postId } },
      body: { modelIds },
    }),
  );
  await mutate(selectedModelsKey(postId), models, { revalidate: false });
  await rememberSelection(postId, () => models);
  return models;
}

/** DELETE posts/{postId}/selected-models/{modelId}. */
export async function deselectModel(postId: string, modelId: number): Promise<void> {
  unwrap(
    await api.DELETE('/backend/api/v1/posts/{postId}/selected-models/{modelId}', {
      params: { path: { postId, modelId } },
    }),
  );
  const without = (models: Model[]) => models.filter((model) => model.id !== modelId);
  await mutate<Model[]>(selectedModelsKey(postId), (current) => current && without(current), { revalidate: false });
  await rememberSelection(postId, without);
}
