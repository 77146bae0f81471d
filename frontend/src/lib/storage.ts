import type { Schemas } from '@job-casting/contracts';

/** Every localStorage key the app uses (spec §3, client storage). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  /** The selected mail account. */
  email: 'email',
  /** The access token read by the second shared HTTP client. */
  accessToken: 'accessToken',
  selectedContactsForMessage: 'selected-contacts-for-message',
  duplicateCheckPhone: 'duplicateCheckPhone',
  /** The dashboard's view of posts: cards or list. */
  postsView: 'posts-view',
} as const;

export type StoredUser = Schemas['UserDto'];
export type Role = StoredUser['role'];

export interface StoredSession {
  token: string | null;
  refreshToken: string | null;
  user: StoredUser | null;
}

const ROLES: readonly Role[] = ['user', 'admin', 'superadmin'];

function isStoredUser(value: unknown): value is StoredUser {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<StoredUser>;
  return typeof candidate.id === 'number' && ROLES.includes(candidate.role as Role);
}

export function readStoredUser(): StoredUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function readSession(): StoredSession {
  return {
    token: localStorage.getItem(STORAGE_KEYS.token),
    refreshToken: localStorage.getItem(STORAGE_KEYS.refreshToken),
    user: readStoredUser(),
  };
}

export function writeSession(session: { token: string; refreshToken: string; user: StoredUser }): void {
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  localStorage.setItem(STORAGE_KEYS.accessToken, session.token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  writeStoredUser(session.user);
}

/** Fired on this tab's window when the stored user changes (the storage event covers other tabs only). */
export const STORED_USER_CHANGED = 'job-casting:stored-user-changed';

export function writeStoredUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  window.dispatchEvent(new Event(STORED_USER_CHANGED));
}

/** Forgets the session but keeps preferences such as the selected mail account. */
export function clearSession(): void {
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.user]) {
    localStorage.removeItem(key);
  }
  window.dispatchEvent(new Event(STORED_USER_CHANGED));
}

/** Logout forgets everything this app stored in the browser (spec §2, admin shell), the tab's sender work too. */
export function clearAllStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
  window.dispatchEvent(new Event(STORED_USER_CHANGED));
}

/** The selected mail account's id; older clients stored the whole account as JSON. */
export function readSelectedMailAccountId(): string | null {
  const raw = localStorage.getItem(STORAGE_KEYS.email);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'number' || typeof parsed === 'string') return String(parsed);
    if (parsed && typeof parsed === 'object' && 'id' in parsed) return String((parsed as { id: unknown }).id);
    return null;
  } catch {
    return raw;
  }
}

/** The selected mail account as stored under `email` (spec §3): the account's id, name, e-mail and picture. */
export interface StoredMailAccount {
  id: number;
  name: string;
  email: string;
  picture: string | null;
}

/** Fired on this tab's window when the selected mail account changes. */
export const SELECTED_MAIL_ACCOUNT_CHANGED = 'job-casting:selected-mail-account-changed';

/** Stores the account the dashboard works with; the header's JOB CASTING link follows it. */
export function writeSelectedMailAccount(account: StoredMailAccount): void {
  const { id, name, email, picture } = account;
  localStorage.setItem(STORAGE_KEYS.email, JSON.stringify({ id, name, email, picture }));
  window.dispatchEvent(new Event(SELECTED_MAIL_ACCOUNT_CHANGED));
}

/** Forgets the selected account (after it was disconnected). */
export function clearSelectedMailAccount(): void {
  localStorage.removeItem(STORAGE_KEYS.email);
  window.dispatchEvent(new Event(SELECTED_MAIL_ACCOUNT_CHANGED));
}

/** The stored account, or null when none is stored or the value is not an account. */
export function readSelectedMailAccount(): StoredMailAccount | null {
  const raw = localStorage.getItem(STORAGE_KEYS.email);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const candidate = parsed as Partial<StoredMailAccount>;
    if (typeof candidate.id !== 'number' || typeof candidate.email !== 'string') return null;
    return {
      id: candidate.id,
      name: candidate.name ?? 'Admin',
      email: candidate.email,
      picture: candidate.picture ?? null,
    };
  } catch {
    return null;
  }
}
