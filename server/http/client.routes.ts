import { type Context, Hono } from 'hono';
import { CLIENTS } from '../../contract/endpoints/clients';
import { callerOf } from '../auth/caller';
import type { TokenSettings } from '../auth/tokens';
import {
  createContact,
  deleteContact,
  inviteContact,
  listContacts,
  updateContact,
} from '../clients/contacts';
import { searchClients } from '../clients/search';
import type { Database } from '../db/client';
import { conflictResponse } from './conflict';
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface ClientRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  /** Where a contact's invitation link points (decision 0031). */
  publicOrigin: string;
  now?: () => number;
}

/**
 * Clients and contacts (contract/endpoints/clients.ts): agents for any company, a company for
 * its own record; server/clients/ decides who may, every handler asks it.
 */
export function clientRoutes(deps: ClientRoutesDeps) {
  const { db } = deps;
  const caller = (c: Context<RouteEnv>) => callerOf(c.get('claims'));
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);

  on(CLIENTS.search, async (c, { query }) => c.json(await searchClients(db, caller(c), query)));
  on(CLIENTS.contacts, async (c, { params }) => c.json(await listContacts(db, caller(c), params.uuid)));
  on(CLIENTS.createContact, async (c, { params, body }) =>
    c.json(await createContact(db, caller(c), params.uuid, body), 201),
  );
  on(CLIENTS.updateContact, async (c, { params, body }) => {
    const result = await updateContact(db, caller(c), params.uuid, params.contact, body);
    return result.ok
      ? c.json(result.contact)
      : conflictResponse(c, 'contact.version_conflict', result.current);
  });
  on(CLIENTS.inviteContact, async (c, { params }) => {
    const now = new Date(deps.now?.() ?? Date.now());
    return c.json(await inviteContact(db, caller(c), params.uuid, params.contact, deps.publicOrigin, now));
  });
  on(CLIENTS.deleteContact, async (c, { params }) => {
    const { endedLogins } = await deleteContact(db, caller(c), params.uuid, params.contact);
    // The contact's login ends at once on this node; the others read the users' deletion trigger's row.
    for (const userId of endedLogins) deps.tokens.revocations?.noteUser(userId);
    return c.body(null, 204);
  });
  return app;
}
