import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import type { MessageTemplate } from './messaging-types.ts';

export type SaveMessageTemplate = Schemas['UpdateMessageTemplateDto'];
export type SavedMessageTemplate = Schemas['MessageTemplateSavedDto'];

export const messageTemplatesKey = ['messaging', 'templates'] as const;

async function fetchMessageTemplates(): Promise<MessageTemplate[]> {
  return unwrap(await api.GET('/backend/api/v1/message-templates')).templates;
}

/** The templates, read while `isOpen` (a list or dialog on screen), afresh on every opening (spec §4). */
export function useMessageTemplates(isOpen: boolean) {
  return useSWR(isOpen ? messageTemplatesKey : null, fetchMessageTemplates, { revalidateOnFocus: false });
}

const revalidateMessageTemplates = () => mutate(messageTemplatesKey);

/** POST message-templates; the client names the new template by the time (spec §3). */
export async function createMessageTemplate(body: SaveMessageTemplate): Promise<SavedMessageTemplate> {
  const saved = unwrap(await api.POST('/backend/api/v1/message-templates', { body: { id: String(Date.now()), ...body } }));
  await revalidateMessageTemplates();
  return saved;
}

/** PUT message-templates/{id}. */
export async function updateMessageTemplate(id: string, body: SaveMessageTemplate): Promise<SavedMessageTemplate> {
  const saved = unwrap(await api.PUT('/backend/api/v1/message-templates/{id}', { params: { path: { id } }, body }));
  await revalidateMessageTemplates();
  return saved;
}

/** DELETE message-templates/{id}. */
export async function deleteMessageTemplate(id: string): Promise<void> {
  unwrap(await api.DELETE('/backend/api/v1/message-templates/{id}', { params: { path: { id } } }));
  await revalidateMessageTemplates();
}
