import type { Schemas } from '@job-casting/contracts';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';

export type Credentials = Schemas['LoginDto'];

export async function login(credentials: Credentials): Promise<Schemas['AuthSessionDto']> {
  return unwrap(await api.POST('/backend/api/v1/auth/login', { body: credentials }));
}
