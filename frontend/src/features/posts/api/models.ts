import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';

export type Model = Schemas['ModelDto'];
export type ModelInput = Schemas['SaveModelDto'];
export type ModelUpdate = Schemas['UpdateModelDto'];

const modelsKey = ['models', 'list'] as const;
const selectedModelsKey = (postId: string) => ['models', 'selected', postId] as const;

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
  return mutate((key) => Array.isArray(key) && key[0] === 'models' && key[1] === 'selected');
}

/** POST models; 409 when the comcard number is taken. The caller reloads the list (see reloadModels). */
export async function createModel(input: ModelInput): Promise<Model> {
  return unwrap(await api.POST('/backend/api/v1/models', { body: input }));
}

/** Puts a model as the server has it now into the cached list (a refused stale save answers it). */
export async function rememberModel(model: Model): Promise<void> {
  await mutate<Model[]>(modelsKey, (models) => models?.map((candidate) => (candidate.id === model.id ? model : candidate)), { revalidate: false });
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
  return useSWR(postId === null ? null : selectedModelsKey(postId), ([, , id]) => fetchSelectedModels(id), { revalidateOnFocus: false });
}

/** PUT posts/{postId}/selected-models: replaces the selection with modelIds, in order; answers the models. */
export async function selectModels(postId: string, modelIds: number[]): Promise<Model[]> {
  const models = unwrap(await api.PUT('/backend/api/v1/posts/{postId}/selected-models', { params: { path: { postId } }, body: { modelIds } }));
  await mutate(selectedModelsKey(postId), models, { revalidate: false });
  return models;
}

/** DELETE posts/{postId}/selected-models/{modelId}. */
export async function deselectModel(postId: string, modelId: number): Promise<void> {
  unwrap(await api.DELETE('/backend/api/v1/posts/{postId}/selected-models/{modelId}', { params: { path: { postId, modelId } } }));
  await mutate<Model[]>(selectedModelsKey(postId), (current) => current?.filter((model) => model.id !== modelId), { revalidate: false });
}
