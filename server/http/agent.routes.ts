import { sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import {
  AgentSelfUpdateSchema,
  AssignBodySchema,
  CARD_FORMATS,
  CandidateStatusBodySchema,
  type CardFormat,
  CompanyListQuerySchema,
  ProfileListQuerySchema,
  PromoteBodySchema,
} from '../../contract/agent';
import { ErasureBodySchema } from '../../contract/erasure';
import { AgentCompanyCreateSchema, AgentProfileCreateSchema, InviteBodySchema } from '../../contract/people';
import { ProfileUpdateSchema } from '../../contract/profile';
import { GlobalSearchQuerySchema } from '../../contract/search';
import { assertSenior, checkUuid, profileNotFound } from '../agents/access';
import { assignCompany, assignProfile, promoteLuna, setCandidateStatus } from '../agents/actions';
import { accessLogOf } from '../agents/audit';
import { candidateCard, readCandidate } from '../agents/candidates';
import { listCompanies, readCompany } from '../agents/companies';
import { dashboard } from '../agents/dashboard';
import { erase, erasurePreview, type RecordKind } from '../agents/erasure';
import { globalSearch } from '../agents/global-search';
import { invite } from '../agents/invitations';
import { createKept, updateKept } from '../agents/people';
import { currentCatalog, listProfilesAnswer } from '../agents/search';
import { listAgents, readSelf, updateSelf } from '../agents/team';
import { agentsOnly, callerOf } from '../auth/caller';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import { cardTexts } from '../cards/texts';
import type { AgencyConfig } from '../config';
import { type Database, queryRows } from '../db/client';
import { ApiError } from '../errors';
import type { PhotoStorage } from '../profiles/photo-storage';
import type { UpdateResult } from '../profiles/profiles';
import { keptJsonResponse } from './compress';
import { conflictResponse } from './conflict';
import type { AppEnv } from './env';
import { jsonBody, validQuery } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

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

/**
 * The agent workspace calls (contract/agent.ts lists them): 401 without a token, 403 for every
 * account that is not an agent, before anything is read.
 */
export function agentRoutes(deps: AgentRoutesDeps) {
  const { db, storage } = deps;
  const signedIn = requireUser(deps.tokens);
  const caller = (c: Context<Env>) => callerOf(c.get('claims'));
  const now = () => new Date(deps.now?.() ?? Date.now());
  const uuidParam = (c: Context<Env>) => checkUuid(c.req.param('uuid') ?? '');
  /** An agent's edit answers like the owner's: the record, or 409 with the record as it is now. */
  const edited = (c: Context<Env>, result: UpdateResult) =>
    result.ok ? c.json(result.profile) : conflictResponse(c, 'profile.version_conflict', result.current);
  /** The agency deletes a candidate or company (issue 42): what would go (GET), the deletion (POST). */
  const preview = (kind: RecordKind) => async (c: Context<Env>) =>
    c.json(await erasurePreview(db, { agent: caller(c) }, kind, uuidParam(c)));
  const effects = { storage, revocations: deps.tokens.revocations };

  return (
    new Hono<Env>()
      .use('/profile/list', signedIn, agentsOnly)
      .use('/company/list', signedIn, agentsOnly)
      .use('/agent', signedIn, agentsOnly)
      .use('/agent/*', signedIn, agentsOnly)
      .get('/profile/list', validQuery(ProfileListQuerySchema, 'query.invalid'), async (c) => {
        const query = c.req.valid('query');
        return keptJsonResponse(c, await listProfilesAnswer(db, { userId: caller(c).userId }, query, now()));
      })
      .get('/company/list', validQuery(CompanyListQuerySchema, 'query.invalid'), async (c) =>
        c.json(await listCompanies(db, caller(c), c.req.valid('query'), now())),
      )
      .get('/agent', async (c) => c.json(await readSelf(db, caller(c))))
      .put('/agent', jsonBody(AgentSelfUpdateSchema), async (c) => {
        const result = await updateSelf(db, caller(c), c.req.valid('json'));
        return result.ok
          ? c.json(result.self)
          : conflictResponse(c, 'agent.version_conflict', result.current);
      })
      .get('/agent/list', async (c) => c.json(await listAgents(db)))
      .get('/agent/search', validQuery(GlobalSearchQuerySchema, 'query.invalid'), async (c) =>
        c.json(await globalSearch(db, { userId: caller(c).userId }, c.req.valid('query'))),
      )
      .get('/agent/dashboard', async (c) =>
        c.json(await dashboard(db, caller(c), now(), deps.retentionMonths)),
      )
      .get('/agent/profile/:uuid', async (c) =>
        c.json(await readCandidate(db, await currentCatalog(db), caller(c), uuidParam(c), now())),
      )
      .get('/agent/profile/:uuid/access-log', async (c) => {
        assertSenior(caller(c));
        const id = uuidParam(c);
        const [row] = await queryRows<{ id: string }>(db, sql`select id from profiles where id = ${id}`);
        if (!row) throw profileNotFound();
        return c.json({ items: await accessLogOf(db, id) });
      })
      .post('/agent/profile/:uuid/status', jsonBody(CandidateStatusBodySchema), async (c) =>
        c.json(await setCandidateStatus(db, caller(c), uuidParam(c), c.req.valid('json'), now())),
      )
      .post('/agent/assign_profile', jsonBody(AssignBodySchema), async (c) =>
        c.json(await assignProfile(db, caller(c), c.req.valid('json'))),
      )
      .post('/agent/assign_company', jsonBody(AssignBodySchema), async (c) =>
        c.json(await assignCompany(db, caller(c), c.req.valid('json'))),
      )
      .post('/agent/luna_to_stella', jsonBody(PromoteBodySchema), async (c) =>
        c.json(await promoteLuna(db, caller(c), c.req.valid('json').uuid, now())),
      )
      .get('/agent/card/:uuid/:format', async (c) => {
        const format = c.req.param('format');
        if (!(CARD_FORMATS as readonly string[]).includes(format))
          throw new ApiError(400, 'card.format_invalid', 'Card format is pdf or anonymous', {
            format: ['card.format_invalid'],
          });
        const who = caller(c);
        const pdf = await candidateCard(
          db,
          storage,
          await currentCatalog(db),
          deps.agency,
          who,
          uuidParam(c),
          format as CardFormat,
        );
        const base = cardTexts[who.language].fileName.replace(/\.pdf$/, '');
        const name =
          format === 'anonymous'
            ? `${base}-${who.language === 'de' ? 'anonym' : 'anonymous'}.pdf`
            : `${base}.pdf`;
        c.header('Content-Type', 'application/pdf');
        c.header('Content-Disposition', `attachment; filename="${name}"`);
        return c.body(new Uint8Array(pdf));
      })
      .get('/agent/company/:uuid', async (c) => c.json(await readCompany(db, uuidParam(c), now())))
      // Agents create and edit people and invite them (issue 20, contract/people.ts).
      .put('/agent/profile', jsonBody(AgentProfileCreateSchema), async (c) =>
        c.json(
          await createKept(db, caller(c), 'profile', c.req.valid('json').type, c.req.valid('json').values),
          201,
        ),
      )
      .post('/agent/profile/:uuid', jsonBody(ProfileUpdateSchema), async (c) =>
        edited(c, await updateKept(db, caller(c), 'profile', uuidParam(c), c.req.valid('json'))),
      )
      .post('/agent/profile/:uuid/invite', jsonBody(InviteBodySchema), async (c) =>
        c.json(
          await invite(db, caller(c), 'profile', uuidParam(c), c.req.valid('json'), deps.publicOrigin, now()),
        ),
      )
      .put('/agent/company', jsonBody(AgentCompanyCreateSchema), async (c) =>
        c.json(await createKept(db, caller(c), 'company', 'company', c.req.valid('json').values), 201),
      )
      .post('/agent/company/:uuid', jsonBody(ProfileUpdateSchema), async (c) =>
        edited(c, await updateKept(db, caller(c), 'company', uuidParam(c), c.req.valid('json'))),
      )
      .post('/agent/company/:uuid/invite', jsonBody(InviteBodySchema), async (c) =>
        c.json(
          await invite(db, caller(c), 'company', uuidParam(c), c.req.valid('json'), deps.publicOrigin, now()),
        ),
      )
      .get('/agent/profile/:uuid/erase', preview('profile'))
      .post('/agent/profile/:uuid/erase', jsonBody(ErasureBodySchema), async (c) =>
        c.json(
          await erase(db, { agent: caller(c) }, 'profile', uuidParam(c), c.req.valid('json'), now(), effects),
        ),
      )
      .get('/agent/company/:uuid/erase', preview('company'))
      .post('/agent/company/:uuid/erase', jsonBody(ErasureBodySchema), async (c) =>
        c.json(
          await erase(db, { agent: caller(c) }, 'company', uuidParam(c), c.req.valid('json'), now(), effects),
        ),
      )
  );
}
