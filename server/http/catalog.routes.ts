import { Hono } from 'hono';
import * as v from 'valibot';
import { fieldIsFor } from '../../contract/catalog';
import { isAgentType, isCandidateType } from '../../contract/user-types';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import { readCatalog } from '../catalog/catalog';
import { searchCities } from '../catalog/cities';
import type { DbHandle } from '../db/client';
import type { AppEnv } from './env';
import { validQuery } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface CatalogRoutesDeps {
  db: DbHandle;
  tokens: TokenSettings;
  /** The agency's home countries (HOME_COUNTRIES), whose places the city search names first. */
  homeCountries: readonly string[];
}

const CitiesQuerySchema = v.object({
  q: v.pipe(
    v.string('field.required'),
    v.trim(),
    v.minLength(1, 'field.required'),
    v.maxLength(100, 'field.too_long'),
    v.description('Start of the city name'),
  ),
  country: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z]{2}$/, 'field.country_invalid'),
      v.description('ISO 3166-1 alpha-2 code'),
    ),
  ),
});

/** Catalogues change only when a server starts with a new file; a few minutes of caching is safe. */
const CATALOG_CACHE = 'private, max-age=300';

/**
 * `GET /profile/data` (the fields of the caller's user type; an agent may ask `?type=luna|stella|nova`
 * for a candidate type's), `/company/data`, `/job/data` and
 * `/catalog/cities?q=&country=`; all for signed-in users (the same `requireUser` as every other
 * route). Mounted under /api.
 */
export function catalogRoutes(deps: CatalogRoutesDeps) {
  const signedIn = requireUser(deps.tokens);
  return new Hono<Env>()
    .get('/profile/data', signedIn, async (c) => {
      const own = c.get('claims').user_type;
      // An agent reads candidates' profiles (PRODUCT.md §6) and asks for a candidate type's fields;
      // everybody else gets the fields of their own type whatever they ask.
      const asked = c.req.query('type');
      const userType = isAgentType(own) && asked !== undefined && isCandidateType(asked) ? asked : own;
      const catalog = await readCatalog(deps.db.db);
      c.header('Cache-Control', CATALOG_CACHE);
      return c.json(catalog.profile.filter((field) => fieldIsFor(field, userType)));
    })
    .get('/company/data', signedIn, async (c) => {
      const catalog = await readCatalog(deps.db.db);
      c.header('Cache-Control', CATALOG_CACHE);
      return c.json(catalog.company);
    })
    .get('/job/data', signedIn, async (c) => {
      const catalog = await readCatalog(deps.db.db);
      c.header('Cache-Control', CATALOG_CACHE);
      return c.json(catalog.job);
    })
    .get('/catalog/cities', signedIn, validQuery(CitiesQuerySchema), (c) => {
      const query = c.req.valid('query');
      c.header('Cache-Control', 'private, max-age=3600');
      return c.json(searchCities(query.q, { country: query.country, home: deps.homeCountries, limit: 10 }));
    });
}
