import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { LEGAL } from '../../contract/endpoints/legal';
import { ErrorCode } from '../../contract/errors';
import { fieldErrors } from '../../contract/field-errors';
import {
  type Agency,
  LEGAL_TEXTS,
  LegalErrorCode,
  type LegalText,
  LegalTextQuerySchema,
} from '../../contract/legal';
import type { TokenSettings } from '../auth/tokens';
import type { Database } from '../db/client';
import { ApiError } from '../errors';
import { acceptText, type ConsentOwner, consentsOf } from '../legal/consents';
import type { LegalTexts } from '../legal/texts';
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface LegalRouteDeps {
  db: Database;
  tokens: TokenSettings;
  texts: LegalTexts;
  now?: () => number;
}

const isLegalText = (name: string): name is LegalText => (LEGAL_TEXTS as readonly string[]).includes(name);

const ownerOf = (c: Context<RouteEnv>): ConsentOwner => {
  const claims = c.get('claims');
  return { userId: claims.sub, userType: claims.user_type };
};

/** The legal texts and their (re-)acceptance (contract/endpoints/legal.ts). */
export function legalRoutes(deps: LegalRouteDeps) {
  const { db, texts } = deps;
  const now = deps.now ?? Date.now;
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);
  on(LEGAL.texts, (c) => c.json({ texts: texts.index() }));
  on(LEGAL.agency, (c) => {
    const { name, address, email, phone, representative } = texts.agency;
    return c.json({ name, address, email, phone, representative } satisfies Agency);
  });
  on(LEGAL.text, (c, { params }) => {
    const { name } = params;
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
    c.header('Content-Language', query.output.language);
    return c.json(texts.get(name, query.output.language));
  });
  on(LEGAL.consents, async (c) => c.json(await consentsOf(db, texts, ownerOf(c))));
  on(LEGAL.accept, async (c, { body }) =>
    c.json(await acceptText(db, texts, ownerOf(c), body, new Date(now()))),
  );
  return app;
}
