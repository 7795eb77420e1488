import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { fieldIsFor } from '../../contract/catalog';
import { ErrorCode } from '../../contract/errors';
import { CANDIDATE_TYPES, isAgentType } from '../../contract/user-types';
import { readCatalog } from '../catalog/catalog';
import { searchCities } from '../catalog/cities';
import type { DbHandle } from '../db/client';
import { ApiError } from './errors';

/** The signed-in user as the lead's auth middleware sets it. */
export interface CatalogUser {
  id: string;
  userType: string;
}

export interface CatalogRoutesDeps {
  db: DbHandle;
  /** Answers 401 without a valid access token; otherwise sets `c.get('user')`. */
  requireUser: MiddlewareHandler;
}

type CatalogEnv = { Variables: { user: CatalogUser } };

const CitiesQuerySchema = v.object({
  q: v.pipe(
    v.string('field.required'),
    v.trim(),
    v.minLength(1, 'field.required'),
    v.maxLength(100, 'field.too_long'),
  ),
  country: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{2}$/, 'field.country_invalid'))),
});

/** Catalogues change only when a server starts with a new file; a few minutes of caching is safe. */
const CATALOG_CACHE = 'private, max-age=300';

/**
 * `GET /profile/data` (the fields of the caller's user type; an agent may ask `?type=luna|stella|nova`), `/company/data`, `/job/data` and
 * `/catalog/cities?q=&country=`; all for signed-in users. Mounted under /api.
 */
export function catalogRoutes(deps: CatalogRoutesDeps) {
  const app = new Hono<CatalogEnv>();
  app.use('/profile/data', deps.requireUser);
  app.use('/company/data', deps.requireUser);
  app.use('/job/data', deps.requireUser);
  app.use('/catalog/*', deps.requireUser);

  app.get('/profile/data', async (c) => {
    const { userType: own } = c.get('user');
    // An agent reads candidates' profiles (PRODUCT.md §6) and asks for a candidate type's fields;
    // everybody else gets the fields of their own type whatever they ask.
    const asked = c.req.query('type');
    const userType =
      isAgentType(own) && CANDIDATE_TYPES.some((type) => type === asked) ? (asked as string) : own;
    const catalog = await readCatalog(deps.db.db);
    c.header('Cache-Control', CATALOG_CACHE);
    return c.json(catalog.profile.filter((field) => fieldIsFor(field, userType)));
  });
  app.get('/company/data', async (c) => {
    const catalog = await readCatalog(deps.db.db);
    c.header('Cache-Control', CATALOG_CACHE);
    return c.json(catalog.company);
  });
  app.get('/job/data', async (c) => {
    const catalog = await readCatalog(deps.db.db);
    c.header('Cache-Control', CATALOG_CACHE);
    return c.json(catalog.job);
  });
  app.get('/catalog/cities', (c) => {
    const parsed = v.safeParse(CitiesQuerySchema, { q: c.req.query('q'), country: c.req.query('country') });
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.issues) {
        const key = String(issue.path?.[0]?.key ?? '_');
        fields[key] = [...(fields[key] ?? []), issue.message];
      }
      throw new ApiError(400, ErrorCode.validation, 'Invalid city search', fields);
    }
    c.header('Cache-Control', 'private, max-age=3600');
    return c.json(searchCities(parsed.output.q, { country: parsed.output.country, limit: 10 }));
  });
  return app;
}
