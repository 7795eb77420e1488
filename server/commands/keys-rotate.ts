import { PUBLISH_AHEAD_MS, rotateKeys } from '../auth/keys';
import { loadConfig } from '../config';
import { openMigratedDatabase } from '../runtime';

// Reset-password links (1 h) are the longest-lived tokens signed with these keys.
const LONGEST_TOKEN_MS = 3_600_000;

/** Publishes a next signing key; it signs once it has been published 10 minutes. */
export async function run(): Promise<number> {
  const config = loadConfig();
  if (config.jwtPrivateKey) {
    process.stderr.write('JWT_PRIVATE_KEY is set: rotate by changing that key, not with keys:rotate\n');
    return 1;
  }
  const handle = await openMigratedDatabase(config);
  try {
    const lifetime = Math.max(config.accessTokenTtl * 1000, LONGEST_TOKEN_MS);
    const { kid, activatesAt } = await rotateKeys(handle.db, new Date(), lifetime);
    process.stdout.write(
      `published key ${kid}; it signs from ${activatesAt.toISOString()} (in ${PUBLISH_AHEAD_MS / 60_000} minutes); ` +
        `the current key stays in the key set until ${new Date(activatesAt.getTime() + lifetime).toISOString()}\n`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}
