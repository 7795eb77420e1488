import { errors, type JWTHeaderParameters, jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { ErrorCode } from '../../contract/errors';
import { type TokenClaims, TokenClaimsSchema } from '../../contract/session';
import { isAgentType } from '../../contract/user-types';
import type { UserRow } from '../db/schema/users';
import { ApiError } from '../errors';
import type { KeyRing } from './keys';
import type { RevocationCache } from './revocations';
import type { VerifiedTokenCache } from './verified-tokens';

export const AUDIENCE = 'matchwerk';

export interface TokenSettings {
  keys: KeyRing;
  issuer: string;
  ttlSeconds: number;
  now: () => number;
  /** The `image` claim: the account's photo URL (one indexed lookup), or null. */
  imageOf?: (userId: string) => Promise<string | null>;
  /** Revoked sessions and users (docs/decisions/0011); without it no token is refused as revoked. */
  revocations?: RevocationCache;
  /** Tokens already verified, until their `exp`, so a repeated token skips the RSA check. */
  verified?: VerifiedTokenCache;
}

/** The `roles` claim: ROLE_USER, the type's own role, and ROLE_AGENT for every agent type, each once. */
export function rolesOf(user: Pick<UserRow, 'userType'>): string[] {
  const roles = new Set(['ROLE_USER', `ROLE_${user.userType.toUpperCase()}`]);
  if (isAgentType(user.userType)) roles.add('ROLE_AGENT');
  return [...roles];
}

/** The claims of SEED-SPEC §3 for a user (plus sub, iss, aud, set when signing). */
export function claimsFor(
  user: UserRow,
  loginStatus: 'ok' | 'pending',
  iat: number,
  ttlSeconds: number,
  image: string | null = null,
  sid: string = crypto.randomUUID(),
): TokenClaims {
  return {
    sub: user.id,
    sid,
    active: user.active,
    email: user.email,
    exp: iat + ttlSeconds,
    iat,
    language: user.language === 'en' ? 'en' : 'de',
    login_status: loginStatus,
    mfa_status: user.mfaStatus as TokenClaims['mfa_status'],
    phone_number: user.phoneNumber,
    roles: rolesOf(user),
    user_type: user.userType,
    username: user.email,
    registration_step: user.registrationStep,
    image,
  };
}

/**
 * Signs an RS256 access token; `iat` may be given so a re-issue is byte-identical. `sid` is the
 * session (refresh-token family) it belongs to; a token of no family (a login pending its SMS code)
 * gets a session id of its own.
 */
export async function signAccessToken(
  settings: TokenSettings,
  user: UserRow,
  loginStatus: 'ok' | 'pending',
  iat = Math.floor(settings.now() / 1000),
  sid: string = crypto.randomUUID(),
): Promise<string> {
  const { kid, key } = await settings.keys.signingKey();
  const image = settings.imageOf ? await settings.imageOf(user.id) : null;
  const { sub, ...claims } = claimsFor(user, loginStatus, iat, settings.ttlSeconds, image, sid);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
    .setSubject(sub)
    .setIssuer(settings.issuer)
    .setAudience(AUDIENCE)
    .sign(key);
}

const FORBIDDEN_HEADERS = ['jku', 'jwk', 'x5u', 'x5c', 'crit'] as const;

const invalid = () => new ApiError(401, ErrorCode.jwtInvalid, 'Invalid JWT Token');
const expired = () => new ApiError(401, ErrorCode.jwtExpired, 'Expired JWT Token');

/**
 * Verifies an access token: RS256 only, a kid of our key set, no key-carrying headers, our issuer
 * and audience, the claims' shape. Throws 401 `jwt.expired` ("Expired JWT Token") or `jwt.invalid`.
 */
export async function verifyAccessToken(settings: TokenSettings, token: string): Promise<TokenClaims> {
  let payload: unknown;
  try {
    const result = await jwtVerify(
      token,
      async (header: JWTHeaderParameters) => {
        if (header.alg !== 'RS256' || !header.kid)
          throw new errors.JOSEAlgNotAllowed('RS256 with a kid only');
        for (const name of FORBIDDEN_HEADERS)
          if (name in header) throw new errors.JWSInvalid(`header ${name}`);
        const key = await settings.keys.verificationKey(header.kid);
        if (!key) throw new errors.JWKSNoMatchingKey();
        return key;
      },
      {
        algorithms: ['RS256'],
        issuer: settings.issuer,
        audience: AUDIENCE,
        typ: 'JWT',
        currentDate: new Date(settings.now()),
        requiredClaims: ['sub', 'iat', 'exp'],
      },
    );
    payload = result.payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw expired();
    throw invalid();
  }
  const parsed = v.safeParse(TokenClaimsSchema, payload);
  if (!parsed.success) throw invalid();
  return parsed.output;
}
