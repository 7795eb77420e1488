import type { Config } from '../config';
import type { Database } from '../db/client';
import { photoUrlOf } from '../profiles/photos';
import { KeyRing } from './keys';
import { loadSecret } from './secrets';
import { type AuthServices, createDummyHash } from './sessions';

/** Keys (database, or JWT_PRIVATE_KEY), the HMAC secret and token settings for one server process. */
export async function createAuthServices(
  db: Database,
  config: Pick<Config, 'jwtPrivateKey' | 'publicOrigin' | 'accessTokenTtl'>,
  now: () => number = Date.now,
): Promise<AuthServices> {
  const [keys, secret, dummyHash] = await Promise.all([
    config.jwtPrivateKey ? KeyRing.fromPem(config.jwtPrivateKey, now) : KeyRing.fromDatabase(db, now),
    loadSecret(db, 'session-hmac'),
    createDummyHash(),
  ]);
  return {
    db,
    secret,
    dummyHash,
    now,
    tokens: {
      keys,
      issuer: config.publicOrigin,
      ttlSeconds: config.accessTokenTtl,
      now,
      imageOf: (userId) => photoUrlOf(db, userId),
    },
  };
}
