import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { ErrorCode } from '../../contract/errors';
import { fieldErrors } from '../../contract/field-errors';
import {
  AcceptRequestSchema,
  type Agency,
  type ConsentsResponse,
  LEGAL_TEXTS,
  LegalErrorCode,
  type LegalText,
  LegalTextQuerySchema,
} from '../../contract/legal';
import { isAgentType } from '../../contract/user-types';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { legalAcceptances } from '../db/schema/registration';
import { ApiError } from '../errors';
import type { LegalTexts } from '../legal/texts';
import type { AppEnv } from './env';
import { jsonBody } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface LegalRouteDeps {
  db: Database;
  tokens: TokenSettings;
  texts: LegalTexts;
  now?: () => number;
}

const isLegalText = (name: string): name is LegalText => (LEGAL_TEXTS as readonly string[]).includes(name);

/** The legal texts and their (re-)acceptance (contract/legal.ts). */
export function legalRoutes(deps: LegalRouteDeps) {
  const { texts } = deps;
  const signedIn = requireUser(deps.tokens);
  const now = deps.now ?? Date.now;

  /** A user's acceptances against the versions in force. Agents are staff: the users' terms do not bind them. */
  async function consentsOf(userId: string, userType: string): Promise<ConsentsResponse> {
    const rows = await deps.db
      .select({
        text: legalAcceptances.text,
        version: legalAcceptances.version,
        at: legalAcceptances.acceptedAt,
      })
      .from(legalAcceptances)
      .where(eq(legalAcceptances.userId, userId));
    const consents = texts.index().map(({ name, version, requiresAcceptance }) => {
      const row = rows.find((r) => r.text === name);
      return {
        name,
        currentVersion: version,
        acceptedVersion: row?.version ?? null,
        acceptedAt: row?.at.toISOString() ?? null,
        requiresAcceptance,
        // Versions are ISO dates: an older acceptance sorts before the version in force.
        outdated: row !== undefined && row.version < version,
      };
    });
    return {
      consents,
      mustAccept:
        !isAgentType(userType) &&
        consents.some((c) => c.requiresAcceptance && c.acceptedVersion !== c.currentVersion),
    };
  }

  return new Hono<Env>()
    .get('/public/text', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json({ texts: texts.index() });
    })
    .get('/public/agency', (c) => {
      const { name, address, email, phone, representative } = texts.agency;
      c.header('Cache-Control', 'no-cache');
      return c.json({ name, address, email, phone, representative } satisfies Agency);
    })
    .get('/public/text/:name', (c) => {
      const name = c.req.param('name');
      if (!isLegalText(name)) throw new ApiError(404, LegalErrorCode.unknownText, 'No such legal text');
      // Exactly one language: `?language=de&language=en` is as unsupported as none.
      const languages = c.req.queries('language') ?? [];
      const query = v.safeParse(LegalTextQuerySchema, {
        language: languages.length === 1 ? languages[0] : undefined,
      });
      if (!query.success) {
        throw new ApiError(
          400,
          ErrorCode.validation,
          'Unsupported language',
          fieldErrors(query.issues, 'path'),
        );
      }
      // Revalidated on every use: a new version reaches readers as soon as the server restarts.
      c.header('Cache-Control', 'no-cache');
      c.header('Content-Language', query.output.language);
      return c.json(texts.get(name, query.output.language));
    })
    .get('/user/consents', signedIn, async (c) => {
      c.header('Cache-Control', 'no-store');
      const claims = c.get('claims');
      return c.json(await consentsOf(claims.sub, claims.user_type));
    })
    .post('/user/accept', signedIn, jsonBody(AcceptRequestSchema), async (c) => {
      const { name, version } = c.req.valid('json');
      if (version !== texts.currentVersion(name)) {
        throw new ApiError(409, LegalErrorCode.versionOutdated, 'This is not the version in force');
      }
      const { sub: userId, user_type: userType } = c.get('claims');
      const acceptedAt = new Date(now());
      await deps.db
        .insert(legalAcceptances)
        .values({ userId, text: name, version, acceptedAt })
        .onConflictDoUpdate({
          target: [legalAcceptances.userId, legalAcceptances.text],
          set: { version, acceptedAt },
        });
      c.header('Cache-Control', 'no-store');
      return c.json(await consentsOf(userId, userType));
    });
}
