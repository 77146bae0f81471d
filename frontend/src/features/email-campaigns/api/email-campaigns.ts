import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';

export type CampaignReviewRequest = Schemas['ReviewEmailCampaignDto'];
export type CampaignReview = Schemas['EmailCampaignReviewDto'];
export type CampaignPreview = Schemas['CampaignPreviewDto'];
export type CreateCampaign = Schemas['CreateEmailCampaignDto'];
export type Campaign = Schemas['EmailCampaignDto'];
export type CampaignDetail = Schemas['EmailCampaignDetailDto'];
export type CampaignList = Schemas['EmailCampaignListDto'];

/** A campaign in these states changes without anyone doing anything: it is polled. */
const MOVING_STATES: readonly string[] = ['scheduled', 'running'];
const POLL_MS = 3000;

/** POST email-campaigns/review: each recipient, the posts left out and why, and the account's quota; nothing is recorded. */
export async function reviewCampaign(body: CampaignReviewRequest): Promise<CampaignReview> {
  return unwrap(await api.POST('/backend/api/v1/email-campaigns/review', { body }));
}

/** POST email-campaigns/review/preview: one recipient's e-mail as it would be sent. */
export async function previewCampaignEmail(body: Schemas['PreviewCampaignEmailDto']): Promise<CampaignPreview> {
  return unwrap(await api.POST('/backend/api/v1/email-campaigns/review/preview', { body }));
}

/** POST email-campaigns: 201 with the campaign; the same key again (a second press, a lost answer) makes no second one. */
export async function createCampaign(body: CreateCampaign, idempotencyKey: string): Promise<Campaign> {
  const campaign = unwrap(
    await api.POST('/backend/api/v1/email-campaigns', {
      body,
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );
  await revalidateCampaigns();
  return campaign;
}

export function useCampaigns(page: number) {
  return useSWR(
    ['email-campaigns', 'list', page] as const,
    async () => unwrap(await api.GET('/backend/api/v1/email-campaigns', { params: { query: { page, pageSize: 20 } } })),
    {
      refreshInterval: (list) => (list?.data.some((campaign) => MOVING_STATES.includes(campaign.state)) ? POLL_MS : 0),
    },
  );
}

export function useCampaign(id: number) {
  return useSWR(
    ['email-campaigns', 'detail', id] as const,
    async () => unwrap(await api.GET('/backend/api/v1/email-campaigns/{id}', { params: { path: { id } } })),
    {
      refreshInterval: (campaign) =>
        campaign && (MOVING_STATES.includes(campaign.state) || campaign.pausedUntil) ? POLL_MS : 0,
    },
  );
}

export type CampaignAction = 'pause' | 'resume' | 'cancel';

/** POST email-campaigns/{id}/pause, /resume or /cancel; 409 when the campaign's state does not allow it. */
export async function controlCampaign(id: number, action: CampaignAction): Promise<void> {
  const options = { params: { path: { id } } };
  if (action === 'pause') unwrap(await api.POST('/backend/api/v1/email-campaigns/{id}/pause', options));
  else if (action === 'resume') unwrap(await api.POST('/backend/api/v1/email-campaigns/{id}/resume', options));
  else unwrap(await api.POST('/backend/api/v1/email-campaigns/{id}/cancel', options));
  await revalidateCampaigns();
}

const revalidateCampaigns = () => mutate((key) => Array.isArray(key) && key[0] === 'email-campaigns');
