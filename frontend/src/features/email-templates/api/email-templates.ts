import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

export type EmailTemplate = Schemas['EmailTemplateDto'];
export type SaveEmailTemplate = Schemas['SaveEmailTemplateDto'];
export type UpdateEmailTemplate = Schemas['UpdateEmailTemplateDto'];
export type PreviewEmailRequest = Schemas['PreviewEmailDto'];
export type EmailPreview = Schemas['EmailPreviewDto'];
export type UnsharedComcardLink = Schemas['UnsharedComcardLinkDto'];

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

/** PUT email-templates/{id}; 409 with the template as it is now when the version is stale (the list is read again then too). */
export async function updateEmailTemplate(id: number, body: UpdateEmailTemplate): Promise<EmailTemplate> {
  try {
    return unwrap(await api.PUT('/backend/api/v1/email-templates/{id}', { params: { path: { id } }, body }));
  } finally {
    await revalidateEmailTemplates();
  }
}

/** DELETE email-templates/{id}; the server hands the default on when the default goes. */
export async function deleteEmailTemplate(id: number): Promise<void> {
  unwrap(await api.DELETE('/backend/api/v1/email-templates/{id}', { params: { path: { id } } }));
  await revalidateEmailTemplates();
}

/** POST email-templates/set-default/{id}: the others stop being the default, hence the reload. */
export async function setDefaultEmailTemplate(id: number): Promise<EmailTemplate> {
  const template = unwrap(
    await api.POST('/backend/api/v1/email-templates/set-default/{id}', { params: { path: { id } } }),
  );
  await revalidateEmailTemplates();
  return template;
}

/** POST email-templates/preview: the e-mail as it would be sent; without a postId the server fills in its sample data. */
export async function previewEmail(body: PreviewEmailRequest): Promise<EmailPreview> {
  return unwrap(await api.POST('/backend/api/v1/email-templates/preview', { body }));
}

/** Spec §9: a live preview follows typing after a short pause, not on every key. */
const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The live preview of the editor and of Specify: the server's rendering of `request` (null: nothing to render),
 * 300 ms after it last changed. `renders` names what else the server reads (the post's selected models), so a
 * change of it renders again. Keyed by all of it, so a slow answer for older text never replaces a newer one.
 */
export function useEmailPreview(request: PreviewEmailRequest | null, renders: unknown = null) {
  const [key] = useDebouncedValue(request ? JSON.stringify([request, renders]) : null, PREVIEW_DEBOUNCE_MS);
  return useSWR(
    key === null ? null : (['email-preview', key] as const),
    ([, json]) => previewEmail((JSON.parse(json) as [PreviewEmailRequest])[0]),
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
      shouldRetryOnError: false,
    },
  );
}

/**
 * GET email-templates/comcard-sharing: the Drive links of the post's selected models that a customer could not
 * open, as the sending account sees them; asked again when the selection (`renders`) changes.
 */
export function useComcardSharing(postId: string, accountId: number | null, renders: unknown) {
  return useSWR(
    accountId === null ? null : (['comcard-sharing', postId, accountId, JSON.stringify(renders)] as const),
    async ([, post, account]) =>
      unwrap(
        await api.GET('/backend/api/v1/email-templates/comcard-sharing', {
          params: { query: { postId: post, accountId: account } },
        }),
      ).unshared,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
