import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { goToAuthorisation } from '../../../lib/mail-accounts.ts';

/** POST google-auth/connect, then on to Google's consent page; the API brings the browser back to the accounts page. */
export async function connectAccount(): Promise<void> {
  const { authUrl } = unwrap(await api.POST('/backend/api/v1/google-auth/connect'));
  goToAuthorisation(authUrl);
}
