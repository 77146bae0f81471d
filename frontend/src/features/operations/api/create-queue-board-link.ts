import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';

/** A one-time link to the queue dashboard (superadmin only); it expires within a minute. */
export async function createQueueBoardLink(): Promise<string> {
  return unwrap(await api.POST('/backend/api/v1/queue-board/links')).url;
}
