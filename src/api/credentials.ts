import * as v from 'valibot';
import {
  CREDENTIALS_KEY,
  type StoredCredentials,
  StoredCredentialsSchema,
  type TokenPair,
} from '../../contract/session';

/** Reads the stored credentials; anything unreadable counts as none. */
export function readCredentials(storage: Storage = localStorage): StoredCredentials | null {
  try {
    const raw = storage.getItem(CREDENTIALS_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(StoredCredentialsSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeCredentials(credentials: StoredCredentials, storage: Storage = localStorage): void {
  storage.setItem(CREDENTIALS_KEY, JSON.stringify(credentials));
}

export function clearCredentials(storage: Storage = localStorage): void {
  storage.removeItem(CREDENTIALS_KEY);
}

/** What the browser keeps of a token pair (no refresh token while the SMS code is pending). */
export function storedCredentials(pair: TokenPair): StoredCredentials {
  return pair.refresh_token ? { token: pair.token, refreshToken: pair.refresh_token } : { token: pair.token };
}
