import { mutate } from 'swr';

/** Drops every cached API response, so that the next account never sees the previous one's data. */
export function resetApiCache(): Promise<unknown> {
  return mutate(() => true, undefined, { revalidate: false });
}
