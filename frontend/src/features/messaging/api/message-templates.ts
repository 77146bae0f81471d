import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import type { MessageTemplate } from './messaging-types.ts';

export type SaveMessageTemplate = Omit<Schemas['UpdateMessageTemplateDto'], 'version'>;
export type UpdateMessageTemplate = Schemas['UpdateMessageTemplateDto'];
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
  const saved = unwrap(
    await api.POST('/backend/api/v1/message-templates', { body: { id: String(Date.now()), ...body } }),
  );
  await revalidateMessageTemplates();
  return saved;
}

/** PUT message-templates/{id}; 409 with the template as it is now when the version is stale (the list is read again then too). */
export async function updateMessageTemplate(id: string, body: UpdateMessageTemplate): Promise<SavedMessageTemplate> {
  try {
    return unwrap(await api.PUT('/backend/api/v1/message-templates/{id}', { params: { path: { id } }, body }));
  } finally {
    await revalidateMessageTemplates();
  }
}

/** DELETE message-templates/{id}. */
export async function deleteMessageTemplate(id: string): Promise<void> {
  unwrap(await api.DELETE('/backend/api/v1/message-templates/{id}', { params: { path: { id } } }));
  await revalidateMessageTemplates();
}
