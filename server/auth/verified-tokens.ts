import type { TokenClaims } from '../../contract/session';

/** Enough for every token in use on a busy node; the oldest entry goes first beyond it. */
export const VERIFIED_TOKEN_CAPACITY = 10_000;

/**
 * Access tokens this process has verified (signature, issuer, audience, claims), kept until their
 * `exp`: a repeated token costs a map lookup instead of an RSA verification. Bounded (least
 * recently used first out). Revocation is checked on every hit by the caller, never cached.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, TokenClaims>();

  constructor(private readonly capacity = VERIFIED_TOKEN_CAPACITY) {}

  /** The claims of a verified token that has not expired at `nowSeconds`. */
  get(token: string, nowSeconds: number): TokenClaims | undefined {
    const claims = this.entries.get(token);
    if (!claims) return undefined;
    this.entries.delete(token);
    if (claims.exp <= nowSeconds) return undefined;
    this.entries.set(token, claims);
    return claims;
  }

  set(token: string, claims: TokenClaims): void {
    this.entries.delete(token);
    this.entries.set(token, claims);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
