import { type Context, Hono } from 'hono';
import { cardKindOf } from '../../contract/card-words';
import { AGENTS, CANDIDATES, COMPANIES } from '../../contract/endpoints/agents';
import { assignCompany, assignProfile, promoteLuna, setCandidateStatus } from '../agents/actions';
import { accessLogOf } from '../agents/audit';
import { candidateCard, candidateRow, readCandidate } from '../agents/candidates';
import { listCompanies, readCompany } from '../agents/companies';
import { dashboard } from '../agents/dashboard';
import { erase, erasurePreview } from '../agents/erasure';
import { globalSearch } from '../agents/global-search';
import { invite } from '../agents/invitations';
import { createKept, updateKept } from '../agents/people';
import { listProfilesAnswer } from '../agents/search';
import { listAgents, readSelf, updateSelf } from '../agents/team';
import { callerOf } from '../auth/caller';
import type { TokenSettings } from '../auth/tokens';
import { cardTexts } from '../cards/texts';
import { readCatalog } from '../catalog/catalog';
import type { AgencyConfig } from '../config';
import type { Database } from '../db/client';
import { ApiError } from '../errors';
import type { PhotoStorage } from '../profiles/photo-storage';
import type { UpdateResult } from '../profiles/profiles';
import { keptJsonResponse } from './compress';
import { conflictResponse } from './conflict';
import { type RouteEnv, routeAdapter } from './route-adapter';

export interface AgentRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  storage: PhotoStorage;
  /** The clock of new-this-week, the promotion mail and invitations (tests). */
  now?: () => number;
  /** Links in invitation mails are built from this, never from the Host header. */
  publicOrigin: string;
  /** RETENTION_MONTHS: the dashboard's deletions due. */
  retentionMonths?: number;
  /** AGENCY_*: the contact on anonymised cards. */
  agency: AgencyConfig;
}

/** The agents' workspace (contract/endpoints/agents.ts): their own record, candidates, companies. */
export function agentRoutes(deps: AgentRoutesDeps) {
  const { db, storage } = deps;
  const caller = (c: Context<RouteEnv>) => callerOf(c.get('claims'));
  const now = () => new Date(deps.now?.() ?? Date.now());
  /** An agent's edit answers like the owner's: the record, or 409 with the record as it is now. */
  const edited = (c: Context<RouteEnv>, result: UpdateResult) =>
    result.ok ? c.json(result.profile) : conflictResponse(c, 'profile.version_conflict', result.current);
  const effects = { storage, revocations: deps.tokens.revocations };
  const app = new Hono<RouteEnv>();
  const on = routeAdapter(app, deps.tokens);

  on(AGENTS.self, async (c) => c.json(await readSelf(db, caller(c))));
  on(AGENTS.saveSelf, async (c, { body }) => {
    const result = await updateSelf(db, caller(c), body);
    return result.ok ? c.json(result.self) : conflictResponse(c, 'agent.version_conflict', result.current);
  });
  on(AGENTS.list, async (c) => c.json(await listAgents(db)));
  on(AGENTS.search, async (c, { query }) =>
    c.json(await globalSearch(db, { userId: caller(c).userId }, query)),
  );
  on(AGENTS.dashboard, async (c) => c.json(await dashboard(db, caller(c), now(), deps.retentionMonths)));

  on(CANDIDATES.list, async (c, { query }) =>
    keptJsonResponse(c, await listProfilesAnswer(db, { userId: caller(c).userId }, query, now())),
  );
  on(CANDIDATES.read, async (c, { params }) =>
    c.json(await readCandidate(db, await readCatalog(db), caller(c), params.uuid, now())),
  );
  on(CANDIDATES.accessLog, async (c, { params }) => {
    await candidateRow(db, params.uuid); // 404 for an unknown candidate
    return c.json({ items: await accessLogOf(db, params.uuid) });
  });
  on(CANDIDATES.setStatus, async (c, { params, body }) =>
    c.json(await setCandidateStatus(db, caller(c), params.uuid, body, now())),
  );
  on(CANDIDATES.assign, async (c, { body }) => c.json(await assignProfile(db, caller(c), body)));
  on(CANDIDATES.promote, async (c, { body }) => c.json(await promoteLuna(db, caller(c), body.uuid, now())));
  on(CANDIDATES.card, async (c, { params }) => {
    // Old links name the card by the words before issue 43 (pdf, anonymous): read here, at the edge.
    const kind = cardKindOf(params.format);
    if (!kind)
      throw new ApiError(400, 'card.format_invalid', 'Card format is full or anonymised', {
        format: ['card.format_invalid'],
      });
    const who = caller(c);
    const catalog = await readCatalog(db);
    const pdf = await candidateCard(db, storage, catalog, deps.agency, who, params.uuid, kind);
    const base = cardTexts[who.language].fileName.replace(/\.pdf$/, '');
    const name =
      kind === 'anonymised'
        ? `${base}-${who.language === 'de' ? 'anonym' : 'anonymised'}.pdf`
        : `${base}.pdf`;
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${name}"`);
    return c.body(new Uint8Array(pdf));
  });
  // Agents create and edit people and invite them (issue 20, contract/people.ts).
  on(CANDIDATES.create, async (c, { body }) =>
    c.json(await createKept(db, caller(c), 'profile', body.type, body.values), 201),
  );
  on(CANDIDATES.save, async (c, { params, body }) =>
    edited(c, await updateKept(db, caller(c), 'profile', params.uuid, body)),
  );
  on(CANDIDATES.invite, async (c, { params, body }) =>
    c.json(await invite(db, caller(c), 'profile', params.uuid, body, deps.publicOrigin, now())),
  );
  // The agency deletes a candidate or company (issue 42): what would go (GET), the deletion (POST).
  on(CANDIDATES.erasurePreview, async (c, { params }) =>
    c.json(await erasurePreview(db, { agent: caller(c) }, 'profile', params.uuid)),
  );
  on(CANDIDATES.erase, async (c, { params, body }) =>
    c.json(await erase(db, { agent: caller(c) }, 'profile', params.uuid, body, now(), effects)),
  );

  on(COMPANIES.list, async (c, { query }) => c.json(await listCompanies(db, caller(c), query, now())));
  on(COMPANIES.read, async (c, { params }) => c.json(await readCompany(db, params.uuid, now())));
  on(COMPANIES.assign, async (c, { body }) => c.json(await assignCompany(db, caller(c), body)));
  on(COMPANIES.create, async (c, { body }) =>
    c.json(await createKept(db, caller(c), 'company', 'company', body.values), 201),
  );
  on(COMPANIES.save, async (c, { params, body }) =>
    edited(c, await updateKept(db, caller(c), 'company', params.uuid, body)),
  );
  on(COMPANIES.invite, async (c, { params, body }) =>
    c.json(await invite(db, caller(c), 'company', params.uuid, body, deps.publicOrigin, now())),
  );
  on(COMPANIES.erasurePreview, async (c, { params }) =>
    c.json(await erasurePreview(db, { agent: caller(c) }, 'company', params.uuid)),
  );
  on(COMPANIES.erase, async (c, { params, body }) =>
    c.json(await erase(db, { agent: caller(c) }, 'company', params.uuid, body, now(), effects)),
  );
  return app;
}
