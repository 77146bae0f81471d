import type { Schemas } from '@job-casting/contracts';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { revalidatePosts } from './posts-keys.ts';

export type SendEmailResult = Schemas['SendEmailResultDto'];
type SpecifyBody = Schemas['SendEmailDto'];
type SimpleBody = Schemas['SendDefaultEmailDto'];

/**
 * POST email-templates/send (Specify). `idempotencyKey` names the one e-mail the user means: a retry with the same
 * key (a double click, a lost answer) never sends it twice.
 */
export async function sendSpecifiedEmail(body: SpecifyBody, idempotencyKey: string): Promise<SendEmailResult> {
  const result = unwrap(
    await api.POST('/backend/api/v1/email-templates/send', {
      body,
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );
  // The card's notice and the sent-emails list change.
  await revalidatePosts();
  return result;
}

/** POST email-templates/default (Simple): the default template with the post and its selected models. */
export async function sendDefaultEmail(body: SimpleBody, idempotencyKey: string): Promise<SendEmailResult> {
  const result = unwrap(
    await api.POST('/backend/api/v1/email-templates/default', {
      body,
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );
  await revalidatePosts();
  return result;
}

/**
 * POST email-templates/send-test: the same e-mail to the signed-in staff member's own address, "[TEST]" before its
 * subject; nothing is logged and the post is not marked as e-mailed.
 */
export async function sendTestEmail(body: Schemas['SendTestEmailDto']): Promise<Schemas['SendTestEmailResultDto']> {
  return unwrap(await api.POST('/backend/api/v1/email-templates/send-test', { body }));
}
