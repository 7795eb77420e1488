import type { TokenClaims } from '../../contract/session';

/** Claims as the server signs them, with overrides. */
export function fakeClaims(
  overrides: Partial<TokenClaims> = {},
  nowSeconds = Math.floor(Date.now() / 1000),
): TokenClaims {
  return {
    sub: '00000000-0000-4000-8000-000000000001',
    active: true,
    email: 'user@matchwerk.example',
    exp: nowSeconds + 900,
    iat: nowSeconds,
    language: 'de',
    login_status: 'ok',
    mfa_status: 'disabled',
    phone_number: null,
    roles: ['ROLE_USER'],
    user_type: 'stella',
    username: 'user@matchwerk.example',
    registration_step: 0,
    image: null,
    ...overrides,
  };
}

/** A JWT of any payload, with a signature nobody checks: header.payload.signature. */
export function encodeToken(payload: unknown): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT', kid: 'test' })}.${part(payload)}.c2lnbmF0dXJl`;
}

/** A token the client can decode (signature not checked by decoding). */
export function fakeToken(
  overrides: Partial<TokenClaims> = {},
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  return encodeToken(fakeClaims(overrides, nowSeconds));
}

/** An in-memory Storage for machines under test. */
export class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}
