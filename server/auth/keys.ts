import { createPrivateKey } from 'node:crypto';
import { and, asc, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Database } from '../db/client';
import { signingKeys } from '../db/schema/auth';

export const KEY_BITS = 3072;
/** A next key is published this long before it signs, so every cached JWKS knows it in time. */
export const PUBLISH_AHEAD_MS = 10 * 60 * 1000;
const RELOAD_EVERY_MS = 60_000;
const UNKNOWN_KID_RELOAD_MS = 10_000;

interface RingKey {
  kid: string;
  publicJwk: JWK;
  privateJwk: JWK;
  publishedAt: number;
  activatesAt: number;
  retiresAt: number | null;
}

type CryptoKeyLike = Awaited<ReturnType<typeof importJWK>>;

/**
 * The RS256 keys: which one signs now, which ones verify, what the JWKS publishes. Keys live in the
 * database (or come from JWT_PRIVATE_KEY) and are re-read every minute, so a rotation made by
 * `keys:rotate` on any node reaches all of them.
 */
export class KeyRing {
  #keys: RingKey[] = [];
  #loadedAt = Number.NEGATIVE_INFINITY;
  #imported = new Map<string, Promise<CryptoKeyLike>>();

  private constructor(
    private readonly source: { db: Database } | { fixed: RingKey },
    private readonly now: () => number,
  ) {}

  /** Keys from the database; creates one that signs now if none does (first start). */
  static async fromDatabase(db: Database, now: () => number = Date.now): Promise<KeyRing> {
    const ring = new KeyRing({ db }, now);
    await ring.reload();
    const t = now();
    if (!ring.#keys.some((k) => k.activatesAt <= t && ring.#live(k, t))) {
      // Nodes starting at once on a new database: one makes the first key, the others wait and take
      // it. Each had made its own, and a token one node signed was unknown to the other for up to
      // UNKNOWN_KID_RELOAD_MS (401: the deploy test, two nodes behind Caddy). The key is made before
      // the lock (an RSA key takes a second or more on a busy machine), so that the lock is held for
      // a query and an insert only; the key of a node that finds one made is dropped.
      const pair = await newKeyPair();
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('matchwerk:first-signing-key'))`);
        const at = new Date(now());
        const [live] = await tx
          .select({ kid: signingKeys.kid })
          .from(signingKeys)
          .where(
            and(
              lte(signingKeys.activatesAt, at),
              lte(signingKeys.publishedAt, at),
              or(isNull(signingKeys.retiresAt), gt(signingKeys.retiresAt, at)),
            ),
          )
          .limit(1);
        if (!live) await insertKey(tx, pair, new Date(now()), new Date(now()));
      });
      await ring.reload();
    }
    return ring;
  }

  /** One fixed key from a PEM (PKCS#8 or PKCS#1) RSA private key, e.g. JWT_PRIVATE_KEY. */
  static async fromPem(pem: string, now: () => number = Date.now): Promise<KeyRing> {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('JWT_PRIVATE_KEY must be an RSA key');
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 2048) throw new Error(`JWT_PRIVATE_KEY has ${bits} bits; at least 2048 are needed`);
    const privateJwk = key.export({ format: 'jwk' }) as JWK;
    const { n, e, kty } = privateJwk;
    const publicJwk: JWK = { kty, n, e };
    const kid = await calculateJwkThumbprint(publicJwk);
    const fixed = { kid, publicJwk, privateJwk, publishedAt: 0, activatesAt: 0, retiresAt: null };
    const ring = new KeyRing({ fixed }, now);
    ring.#keys = [fixed];
    ring.#loadedAt = Number.POSITIVE_INFINITY;
    return ring;
  }

  async reload(): Promise<void> {
    if (!('db' in this.source)) return;
    const rows = await this.source.db
      .select()
      .from(signingKeys)
      .orderBy(asc(signingKeys.activatesAt), asc(signingKeys.kid));
    this.#keys = rows.map((r) => ({
      kid: r.kid,
      publicJwk: r.publicJwk as JWK,
      privateJwk: r.privateJwk as JWK,
      publishedAt: r.publishedAt.getTime(),
      activatesAt: r.activatesAt.getTime(),
      retiresAt: r.retiresAt?.getTime() ?? null,
    }));
    this.#loadedAt = this.now();
  }

  async #fresh(): Promise<void> {
    if (this.now() - this.#loadedAt > RELOAD_EVERY_MS) await this.reload();
  }

  #live(k: RingKey, now: number) {
    return k.publishedAt <= now && (k.retiresAt === null || k.retiresAt > now);
  }

  /** The key that signs now: the most recently activated live key. */
  async signingKey(): Promise<{ kid: string; key: CryptoKeyLike }> {
    await this.#fresh();
    const now = this.now();
    const active = this.#keys.filter((k) => k.activatesAt <= now && this.#live(k, now)).at(-1);
    if (!active) throw new Error('no active signing key');
    return { kid: active.kid, key: await this.#import(active, 'private') };
  }

  /** The public key for a token's kid, if it is published and not retired. */
  async verificationKey(kid: string): Promise<CryptoKeyLike | null> {
    await this.#fresh();
    let found = this.#keys.find((k) => k.kid === kid && this.#live(k, this.now()));
    if (!found && this.now() - this.#loadedAt > UNKNOWN_KID_RELOAD_MS) {
      await this.reload();
      found = this.#keys.find((k) => k.kid === kid && this.#live(k, this.now()));
    }
    return found ? this.#import(found, 'public') : null;
  }

  /** GET /api/public/jwk: every published, unretired public key. */
  async jwks(): Promise<{ keys: JWK[] }> {
    await this.#fresh();
    const now = this.now();
    return {
      keys: this.#keys
        .filter((k) => this.#live(k, now))
        .map((k) => ({ ...k.publicJwk, kid: k.kid, alg: 'RS256', use: 'sig' })),
    };
  }

  #import(k: RingKey, which: 'public' | 'private'): Promise<CryptoKeyLike> {
    const id = `${k.kid}:${which}`;
    let imported = this.#imported.get(id);
    if (!imported) {
      imported = importJWK(which === 'public' ? k.publicJwk : k.privateJwk, 'RS256');
      this.#imported.set(id, imported);
    }
    return imported;
  }
}

interface KeyPair {
  kid: string;
  publicJwk: JWK;
  privateJwk: JWK;
}

/** A new RS256 key pair and its kid (the public key's thumbprint), not stored yet. */
async function newKeyPair(): Promise<KeyPair> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', {
    modulusLength: KEY_BITS,
    extractable: true,
  });
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  return { kid: await calculateJwkThumbprint(publicJwk), publicJwk, privateJwk };
}

async function insertKey(
  db: Database,
  { kid, publicJwk, privateJwk }: KeyPair,
  publishedAt: Date,
  activatesAt: Date,
): Promise<string> {
  await db
    .insert(signingKeys)
    .values({ kid, publicJwk, privateJwk, publishedAt, activatesAt })
    .onConflictDoNothing();
  return kid;
}

/**
 * Publishes a new key now that signs from 10 minutes on; the keys signing until then retire once
 * every token they signed has expired (`maxTokenLifetimeMs` after the new key takes over).
 */
export async function rotateKeys(
  db: Database,
  now: Date,
  maxTokenLifetimeMs: number,
): Promise<{ kid: string; activatesAt: Date }> {
  const activatesAt = new Date(now.getTime() + PUBLISH_AHEAD_MS);
  const kid = await insertKey(db, await newKeyPair(), now, activatesAt);
  await db
    .update(signingKeys)
    .set({ retiresAt: new Date(activatesAt.getTime() + maxTokenLifetimeMs) })
    .where(and(lte(signingKeys.activatesAt, now), isNull(signingKeys.retiresAt)));
  return { kid, activatesAt };
}
