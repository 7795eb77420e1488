import { DEFAULT_SMS_RESEND_SECONDS } from '../../contract/sms-resend';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { photoUrlOf } from '../profiles/photos';
import { KeyRing } from './keys';
import { REVOCATION_REFRESH_MS, RevocationCache } from './revocations';
import { loadSecret } from './secrets';
import { type AuthServices, createDummyHash } from './sessions';
import { VerifiedTokenCache } from './verified-tokens';

export interface AuthSetupOptions {
  /** How often the revocation cache reads new revocations (tests use less). */
  revocationRefreshMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Keys (database, or JWT_PRIVATE_KEY), the HMAC secret, token settings and the revocation cache
 * (polling from now on; `auth.tokens.revocations.stop()` ends it) for one server process.
 */
export async function createAuthServices(
  db: Database,
  config: Pick<Config, 'jwtPrivateKey' | 'publicOrigin' | 'accessTokenTtl'> &
    Partial<Pick<Config, 'smsResendSeconds'>>,
  now: () => number = Date.now,
  options: AuthSetupOptions = {},
): Promise<AuthServices> {
  const [keys, secret, dummyHash] = await Promise.all([
    config.jwtPrivateKey ? KeyRing.fromPem(config.jwtPrivateKey, now) : KeyRing.fromDatabase(db, now),
    loadSecret(db, 'session-hmac'),
    createDummyHash(),
  ]);
  const revocations = new RevocationCache(db, config.accessTokenTtl, options.onError);
  await revocations.refresh();
  revocations.start(options.revocationRefreshMs ?? REVOCATION_REFRESH_MS);
  return {
    db,
    secret,
    dummyHash,
    now,
    smsIntervalMs: (config.smsResendSeconds ?? DEFAULT_SMS_RESEND_SECONDS) * 1000,
    tokens: {
      keys,
      issuer: config.publicOrigin,
      ttlSeconds: config.accessTokenTtl,
      now,
      imageOf: (userId) => photoUrlOf(db, userId),
      revocations,
      verified: new VerifiedTokenCache(),
    },
  };
}
