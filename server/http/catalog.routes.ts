import { Hono } from 'hono';
import { fieldIsFor } from '../../contract/catalog';
import { CATALOG } from '../../contract/endpoints/profile';
import { isAgentType, isCandidateType } from '../../contract/user-types';
import type { TokenSettings } from '../auth/tokens';
import { readCatalog } from '../catalog/catalog';
import { searchCities } from '../catalog/cities';
import type { DbHandle } from '../db/client';
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface CatalogRoutesDeps {
  db: DbHandle;
  tokens: TokenSettings;
  /** The agency's home countries (HOME_COUNTRIES), whose places the city search names first. */
  homeCountries: readonly string[];
}

/**
 * The field catalogues and the city search (contract/endpoints/profile.ts `CATALOG`), for signed-in
 * users; the catalogues may be cached a few minutes (they change only when a server starts with a
 * new file). Mounted under /api.
 */
export function catalogRoutes(deps: CatalogRoutesDeps) {
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);
  on(CATALOG.profileFields, async (c) => {
    const own = c.get('claims').user_type;
    // An agent reads candidates' profiles (PRODUCT.md §6) and asks for a candidate type's fields;
    // everybody else gets the fields of their own type whatever they ask.
    const asked = c.req.query('type');
    const userType = isAgentType(own) && asked !== undefined && isCandidateType(asked) ? asked : own;
    const catalog = await readCatalog(deps.db.db);
    return c.json(catalog.profile.filter((field) => fieldIsFor(field, userType)));
  });
  on(CATALOG.companyFields, async (c) => c.json((await readCatalog(deps.db.db)).company));
  on(CATALOG.jobFields, async (c) => c.json((await readCatalog(deps.db.db)).job));
  on(CATALOG.cities, (c, { query }) =>
    c.json(searchCities(query.q, { country: query.country, home: deps.homeCountries, limit: 10 })),
  );
  return app;
}
