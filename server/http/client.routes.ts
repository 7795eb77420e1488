import { type Context, Hono } from 'hono';
import { ClientSearchQuerySchema, ContactInputSchema, ContactUpdateSchema } from '../../contract/client';
import { callerOf } from '../auth/caller';
import { type AuthVariables, requireUser } from '../auth/middleware';
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
import type { AppEnv } from './env';
import { jsonBody, validQuery } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface ClientRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  /** Where a contact's invitation link points (decision 0031). */
  publicOrigin: string;
  now?: () => number;
}

/**
 * Clients and contacts (contract/client.ts lists the calls): agents for any company, a company for
 * its own record; server/clients/ decides who may, every handler asks it.
 */
export function clientRoutes(deps: ClientRoutesDeps) {
  const { db } = deps;
  const signedIn = requireUser(deps.tokens);
  const caller = (c: Context<Env>) => callerOf(c.get('claims'));
  const noStore = (c: Context<Env>) => c.header('Cache-Control', 'no-store');

  return new Hono<Env>()
    .get('/clients/search', signedIn, validQuery(ClientSearchQuerySchema, 'query.invalid'), async (c) => {
      noStore(c);
      return c.json(await searchClients(db, caller(c), c.req.valid('query')));
    })
    .get('/company/:uuid/contacts', signedIn, async (c) => {
      noStore(c);
      return c.json(await listContacts(db, caller(c), c.req.param('uuid')));
    })
    .put('/company/:uuid/contacts', signedIn, jsonBody(ContactInputSchema), async (c) => {
      noStore(c);
      return c.json(await createContact(db, caller(c), c.req.param('uuid'), c.req.valid('json')), 201);
    })
    .post('/company/:uuid/contacts/:contact', signedIn, jsonBody(ContactUpdateSchema), async (c) => {
      noStore(c);
      const result = await updateContact(
        db,
        caller(c),
        c.req.param('uuid'),
        c.req.param('contact'),
        c.req.valid('json'),
      );
      return result.ok
        ? c.json(result.contact)
        : conflictResponse(c, 'contact.version_conflict', result.current);
    })
    .post('/company/:uuid/contacts/:contact/invite', signedIn, async (c) => {
      noStore(c);
      const now = new Date(deps.now?.() ?? Date.now());
      return c.json(
        await inviteContact(
          db,
          caller(c),
          c.req.param('uuid'),
          c.req.param('contact'),
          deps.publicOrigin,
          now,
        ),
      );
    })
    .delete('/company/:uuid/contacts/:contact', signedIn, async (c) => {
      const { endedLogins } = await deleteContact(db, caller(c), c.req.param('uuid'), c.req.param('contact'));
      // The contact's login ends at once on this node; the others read the users' deletion trigger's row.
      for (const userId of endedLogins) deps.tokens.revocations?.noteUser(userId);
      return c.body(null, 204);
    });
}
