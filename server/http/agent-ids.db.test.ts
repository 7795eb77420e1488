import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AgentProfileDetailSchema, AssignmentResultSchema } from '../../contract/agent';
import { CANDIDATES, COMPANIES } from '../../contract/endpoints/agents';
import type { ErrorBody } from '../../contract/errors';
import { type ApiRoute, idNotFound, isIdParam, type Param, pathOf } from '../../contract/route-table';
import { seededAgentFixture } from './agent-test-kit';

// The agent workspace names its records by uuid: in the path, checked by the route adapter (a
// malformed id is not found, like an unknown one: docs/decisions/0032); in a body, by the body's
// schema (400 `request.invalid` with `uuid.invalid` on the field). No domain function checks again.

const f = seededAgentFixture();

const paramsOf = (route: ApiRoute, id: string) =>
  Object.fromEntries(
    Object.entries(route.params as Record<string, Param>).map(([name, param]) => [
      name,
      isIdParam(param) ? id : 'full',
    ]),
  );

const send = (route: ApiRoute, path: string, body?: unknown) =>
  f.request(route.method, path, f.tokens.senior, route.method === 'GET' ? undefined : (body ?? {}));

describe('record ids in the agent workspace', () => {
  it("answers a malformed path id with the route's 404, before its body is read", async () => {
    const routes = [...Object.values(CANDIDATES), ...Object.values(COMPANIES)].filter((route: ApiRoute) =>
      Object.values(route.params as Record<string, Param>).some(isIdParam),
    );
    // One record of both kinds, its edit, invitation, erasure and its preview; a candidate's card,
    // access log and status.
    expect(routes.length).toBeGreaterThanOrEqual(13);
    for (const route of routes as ApiRoute[]) {
      const where = `${route.method} ${route.path}`;
      const [param] = Object.values(route.params as Record<string, Param>).filter(isIdParam);
      for (const id of ['not-a-uuid', '123', `${f.mueller}x`]) {
        const res = await send(route, pathOf(route.path, paramsOf(route, id)));
        expect(res.status, `${where} ${id}`).toBe(404);
        expect(((await res.json()) as ErrorBody).code, where).toBe(param && idNotFound(param, route));
      }
    }
  });

  it('refuses a malformed uuid in a body with 400 and the field, and changes nothing', async () => {
    const before = await (await f.request('GET', `/api/agent/profile/${f.mueller}`, f.tokens.senior)).json();
    const cases: [ApiRoute, Record<string, unknown>, string][] = [
      [CANDIDATES.assign, { uuid: 'nope' }, 'uuid'],
      [CANDIDATES.assign, { uuid: f.mueller, agent: 'nope' }, 'agent'],
      [COMPANIES.assign, { uuid: `${f.companyId}0` }, 'uuid'],
      [CANDIDATES.promote, { uuid: 'luna' }, 'uuid'],
    ];
    for (const [route, body, field] of cases) {
      const res = await send(route, route.path, body);
      expect(res.status, route.path).toBe(400);
      const error = (await res.json()) as ErrorBody;
      expect(error.code, route.path).toBe('request.invalid');
      expect(error.fields, route.path).toEqual({ [field]: ['uuid.invalid'] });
    }
    const after = await (await f.request('GET', `/api/agent/profile/${f.mueller}`, f.tokens.senior)).json();
    expect(v.parse(AgentProfileDetailSchema, after).assignedAgent).toEqual(
      v.parse(AgentProfileDetailSchema, before).assignedAgent,
    );
  });

  it('takes a uuid in a body in capitals as the same record, and answers it as stored', async () => {
    const company = await send(COMPANIES.assign, COMPANIES.assign.path, { uuid: f.companyId.toUpperCase() });
    expect(company.status).toBe(200);
    const assigned = v.parse(AssignmentResultSchema, await company.json());
    expect(assigned.uuid).toBe(f.companyId);
    expect(assigned.assignedAgent?.uuid).toBe(f.ids.senior);
    const luna = await send(CANDIDATES.promote, CANDIDATES.promote.path, { uuid: f.luna.toUpperCase() });
    expect(luna.status).toBe(200);
    expect(v.parse(AssignmentResultSchema, await luna.json())).toMatchObject({
      uuid: f.luna,
      type: 'stella',
    });
  });
});
