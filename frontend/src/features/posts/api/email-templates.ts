import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';

export type EmailTemplate = Schemas['EmailTemplateDto'];
export type SaveEmailTemplate = Schemas['SaveEmailTemplateDto'];
export type PreviewEmailRequest = Schemas['PreviewEmailDto'];
export type EmailPreview = Schemas['EmailPreviewDto'];

export const emailTemplatesKey = ['email-templates'] as const;

export async function fetchEmailTemplates(): Promise<EmailTemplate[]> {
  return unwrap(await api.GET('/backend/api/v1/email-templates'));
}

/** The templates, fetched while the dialog is open (a closed dialog asks for nothing). */
export function useEmailTemplates(isOpen: boolean) {
  return useSWR(isOpen ? emailTemplatesKey : null, fetchEmailTemplates, { revalidateOnFocus: false });
}

const revalidateEmailTemplates = () => mutate(emailTemplatesKey);

/** POST email-templates. */
export async function createEmailTemplate(body: SaveEmailTemplate): Promise<EmailTemplate> {
  const template = unwrap(await api.POST('/backend/api/v1/email-templates', { body }));
  await revalidateEmailTemplates();
  return template;
}

/** PUT email-templates/{id}. */
export async function updateEmailTemplate(id: number, body: SaveEmailTemplate): Promise<EmailTemplate> {
  const template = unwrap(await api.PUT('/backend/api/v1/email-templates/{id}', { params: { path: { id } }, body }));
  await revalidateEmailTemplates();
  return template;
}

/** DELETE email-templates/{id}; the server hands the default on when the default goes. */
export async function deleteEmailTemplate(id: number): Promise<void> {
  unwrap(await api.DELETE('/backend/api/v1/email-templates/{id}', { params: { path: { id } } }));
  await revalidateEmailTemplates();
}

/** POST email-templates/set-default/{id}: the others stop being the default, hence the reload. */
export async function setDefaultEmailTemplate(id: number): Promise<EmailTemplate> {
  const template = unwrap(await api.POST('/backend/api/v1/email-templates/set-default/{id}', { params: { path: { id } } }));
  await revalidateEmailTemplates();
  return template;
}

/** POST email-templates/preview: the e-mail as it would be sent; without a postId the server fills in its sample data. */
export async function previewEmail(body: PreviewEmailRequest): Promise<EmailPreview> {
  return unwrap(await api.POST('/backend/api/v1/email-templates/preview', { body }));
}
