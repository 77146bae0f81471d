import useSWR from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { sentEmailsKey } from './posts-keys.ts';

/** Posts with a sent e-mail (GET posts/sent-emails); senderId 0 is the pseudo account All. */
export async function fetchSentEmails(senderId: number, page: number, pageSize: number) {
  return unwrap(
    await api.GET('/backend/api/v1/posts/sent-emails', { params: { query: { page, pageSize, senderId } } }),
  );
}

export function useSentEmails(senderId: number, page: number, pageSize: number) {
  return useSWR(sentEmailsKey(senderId, page, pageSize), ([, , id, p, size]) => fetchSentEmails(id, p, size), {
    keepPreviousData: true,
  });
}
