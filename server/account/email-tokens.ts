import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { errors, type JWTHeaderParameters, jwtVerify, SignJWT } from 'jose';
import { RESET_TOKEN_CLAIM } from '../../contract/account';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { emailTokens } from '../db/schema/registration';

export type EmailTokenPurpose = 'validate' | 'reset' | 'keep';
export const VALIDATION_TTL_MS = 24 * 3600 * 1000;
export const RESET_TTL_MS = 3600 * 1000;
/** The retention notice's keep link: good past the deletion day it announces (30 days). */
export const KEEP_TTL_MS = 45 * 24 * 3600 * 1000;
const TTL_MS: Record<EmailTokenPurpose, number> = {
  validate: VALIDATION_TTL_MS,
  reset: RESET_TTL_MS,
  keep: KEEP_TTL_MS,
};
/** The reset JWT's audience: an access-token verifier (audience "matchwerk") refuses it. */
export const RESET_AUDIENCE = 'matchwerk:reset-password';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A new 256-bit token, to be stored with storeEmailToken. */
export const newEmailToken = () => randomBytes(32).toString('base64url');

/** Stores a token's hash; earlier open tokens of the purpose stop working. */
export async function storeEmailToken(
  db: Database,
  userId: string,
  purpose: EmailTokenPurpose,
  token: string,
  now: Date,
): Promise<string> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  await db.insert(emailTokens).values({
    id: crypto.randomUUID(),
    userId,
    purpose,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + TTL_MS[purpose]),
  });
  return token;
}

/** A token as a link presents it: for what, its text, and when. */
export interface PresentedEmailToken {
  purpose: EmailTokenPurpose;
  token: string;
  now: Date;
}

const live = ({ purpose, token, now }: PresentedEmailToken) =>
  and(
    eq(emailTokens.tokenHash, sha256(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );

/** Uses a live token up: of parallel requests exactly one gets the user id, the others null. */
export async function consumeEmailToken(
  db: Database,
  presented: PresentedEmailToken,
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: presented.now })
    .where(live(presented))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** The user id of a live, unused token, without using it. */
export async function liveEmailToken(db: Database, presented: PresentedEmailToken): Promise<string | null> {
  const [row] = await db.select({ userId: emailTokens.userId }).from(emailTokens).where(live(presented));
  return row?.userId ?? null;
}

/**
 * The reset link's JWT (PRODUCT.md §3): RS256 with our kid, so the client can check it against
 * /api/public/jwk, holding the opaque single-use token as `reset_password_token`.
 */
export async function signResetJwt(settings: TokenSettings, userId: string, token: string, now: Date) {
  const { kid, key } = await settings.keys.signingKey();
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ [RESET_TOKEN_CLAIM]: token })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
    .setSubject(userId)
    .setIssuer(settings.issuer)
    .setAudience(RESET_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + RESET_TTL_MS / 1000)
    .sign(key);
}

/** The user id and opaque token of a reset JWT with a valid signature, or null. */
export async function readResetJwt(
  settings: TokenSettings,
  jwt: string,
): Promise<{ userId: string; token: string } | null> {
  try {
    const { payload } = await jwtVerify(
      jwt,
      async (header: JWTHeaderParameters) => {
        if (header.alg !== 'RS256' || !header.kid)
          throw new errors.JOSEAlgNotAllowed('RS256 with a kid only');
        const key = await settings.keys.verificationKey(header.kid);
        if (!key) throw new errors.JWKSNoMatchingKey();
        return key;
      },
      {
        algorithms: ['RS256'],
        issuer: settings.issuer,
        audience: RESET_AUDIENCE,
        typ: 'JWT',
        currentDate: new Date(settings.now()),
        requiredClaims: ['sub', 'exp', RESET_TOKEN_CLAIM],
      },
    );
    const token = payload[RESET_TOKEN_CLAIM];
    if (typeof token !== 'string' || !payload.sub) return null;
    return { userId: payload.sub, token };
  } catch {
    return null;
  }
}
