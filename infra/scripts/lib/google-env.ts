// The back end's Google settings for a Google sandbox: shared by npm start, npm run dev, the journeys, the
// benchmark and the API tests. No side effects, so tests can import it.
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, oauthEndpoints } from '../../sandbox/google/server.ts';

/** The back end's settings that send its Google calls and the browser's consent step to the sandbox at sandboxUrl. */
export function googleSandboxEnv(sandboxUrl: string, publicUrl: string): Record<string, string> {
  const endpoints = oauthEndpoints(sandboxUrl);
  return {
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: DEFAULT_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: DEFAULT_CLIENT_SECRET,
    GOOGLE_API_ROOT_URL: `${sandboxUrl.replace(/\/+$/, '')}/`,
    GOOGLE_AUTH_URL: endpoints.oauth2AuthBaseUrl,
    GOOGLE_TOKEN_URL: endpoints.oauth2TokenUrl,
    GOOGLE_REVOKE_URL: endpoints.oauth2RevokeUrl,
  };
}
