import { ApiError } from '../../../lib/api-error.ts';

/** What the picker says about a failed Drive listing (spec §8, posts and drive). Pure. */
export function driveErrorView(error: unknown): { title: string; message: string } {
  if (error instanceof ApiError)
    return { title: `Error ${error.status}`, message: error.body?.message ?? error.message };
  // fetch rejects with a TypeError when no answer came (network down, server gone).
  if (error instanceof TypeError) return { title: 'No Response', message: 'No response received from the server.' };
  if (error instanceof Error && error.message) return { title: 'Request Error', message: error.message };
  return { title: 'Error', message: 'Failed to Fetch Files' };
}
