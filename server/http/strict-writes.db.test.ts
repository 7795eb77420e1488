import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../contract/endpoint-list';
import type { ErrorBody } from '../../contract/errors';
import { fieldErrors } from '../../contract/field-errors';
import type { Job } from '../../contract/job';
import { queryRows } from '../db/client';
import { text, textOrNull, uuidOrNull } from '../db/rows';
import { COLOGNE, seededAgentFixture } from './agent-test-kit';

// PRODUCT.md §8: writes are strict everywhere — an unknown field answers 400 field.unknown, a
// website is http or https, names and titles hold no control or bidi characters.

const f = seededAgentFixture();

const fieldsOf = async (res: Response) => ((await res.json()) as ErrorBody).fields;

type Schema = v.GenericSchema & Record<string, unknown>;

/** Every object schema in `schema` (entries, items, wrapped, options, pipes), with its dot path. */
function objectSchemas(schema: Schema, path = '(body)', found: [string, string][] = []): [string, string][] {
  if (schema.type === 'object' || schema.type === 'loose_object' || schema.type === 'object_with_rest')
    found.push([path, schema.type]);
  if (schema.type === 'strict_object') found.push([path, 'strict_object']);
  const entries = schema.entries as Record<string, Schema> | undefined;
  for (const [key, entry] of Object.entries(entries ?? {})) objectSchemas(entry, `${path}.${key}`, found);
  for (const inner of ['wrapped', 'item', 'value'] as const) {
    if (schema[inner] && typeof schema[inner] === 'object')
      objectSchemas(schema[inner] as Schema, path, found);
  }
  for (const option of (schema.options as Schema[] | undefined) ?? [])
    if (typeof option === 'object') objectSchemas(option, path, found);
  for (const item of (schema.pipe as Schema[] | undefined) ?? [])
    if (item.kind === 'schema' && item !== schema) objectSchemas(item, path, found);
  return found;
}

describe('every write route refuses an unknown field', () => {
  it('every JSON body is a strict object at every level, and an unknown key is field.unknown', () => {
    // The table's bodies are what the app validates: server/http/openapi.db.test.ts checks that the
    // app answers exactly the table, each route mounted from its entry.
    const bodies = API_ROUTES.flatMap((entry) =>
      entry.body ? [{ route: `${entry.method} ${entry.path}`, schema: entry.body }] : [],
    );
    // Session, account, legal, profile, agent and job writes.
    expect(bodies.length).toBeGreaterThanOrEqual(25);
    for (const { route, schema } of bodies) {
      const loose = objectSchemas(schema as Schema).filter(([, type]) => type !== 'strict_object');
      expect(loose, route).toEqual([]);
      // A variant (the timeline's note / call / mail) is asked with each option's discriminator.
      const variant = (schema as Schema).type === 'variant' ? (schema as Schema) : undefined;
      const probes = variant
        ? ((variant.options as Schema[]) ?? []).map((o) => {
            const key = (o.entries as Record<string, Schema>)[variant.key as string] as Schema;
            return {
              [variant.key as string]: key.literal ?? (key.options as unknown[])[0],
              surplus_field: 1,
            };
          })
        : [{ surplus_field: 1 }];
      for (const probe of probes) {
        const parsed = v.safeParse(schema, probe);
        expect(parsed.success, route).toBe(false);
        expect(fieldErrors(parsed.issues ?? [], 'path').surplus_field, route).toEqual(['field.unknown']);
      }
    }
  });

  it('PUT /api/profile, PUT /api/agent, assign_profile and changestatus answer 400 field.unknown and change nothing', async () => {
    const job = (await (
      await f.request('PUT', '/api/job', f.tokens.agent, {
        values: { title: 'Strict job', target_types: ['stella'] },
        criteria: [],
      })
    ).json()) as Job;
    const calls: [string, string, string, unknown][] = [
      [
        'PUT',
        '/api/profile',
        f.tokens.luna,
        {
          values: { first_name: 'Lena', last_name: 'Lunke', city: { id: COLOGNE!.id } },
          version: 0,
          role: 'x',
        },
      ],
      [
        'PUT',
        '/api/agent',
        f.tokens.agent,
        { first_name: 'A', last_name: 'B', phone: null, version: 0, senior: true },
      ],
      ['POST', '/api/agent/assign_profile', f.tokens.agent, { uuid: f.stellaNoAccount, force: true }],
      ['POST', `/api/job/changestatus/${job.uuid}`, f.tokens.agent, { status: 'archived', reason: 'x' }],
    ];
    for (const [method, path, token, body] of calls) {
      const res = await f.request(method, path, token, body);
      expect(res.status, path).toBe(400);
      const extra = Object.keys(body as object).at(-1)!;
      expect(await fieldsOf(res), path).toEqual({ [extra]: ['field.unknown'] });
    }
    const [state] = await queryRows(
      f.db.db,
      sql`select (select assigned_agent_id from profiles where id = ${f.stellaNoAccount}) as assigned,
                 (select status from jobs where id = ${job.uuid}) as status,
                 (select "values" ->> 'first_name' from account_profiles where user_id = ${f.ids.agent}) as first`,
      v.object({ assigned: uuidOrNull, status: text, first: textOrNull }),
    );
    expect(state).toEqual({ assigned: null, status: 'active', first: null });
  });
});

describe('addresses, names and titles', () => {
  const company = async (website: string, name = 'Rheinwerk Bau GmbH') => {
    const { version } = (await (await f.request('GET', '/api/company', f.tokens.company)).json()) as {
      version: number;
    };
    return f.request('PUT', '/api/company', f.tokens.company, {
      values: { name, city: { id: COLOGNE!.id }, website },
      version,
    });
  };

  it('a company website is http or https', async () => {
    for (const website of [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://rheinwerk.example',
      'www.rheinwerk.example',
    ]) {
      const res = await company(website);
      expect(res.status, website).toBe(400);
      expect(await fieldsOf(res), website).toEqual({ website: ['field.url_invalid'] });
    }
    const [row] = await queryRows(
      f.db.db,
      sql`select "values" ->> 'website' as website from companies where user_id = ${f.ids.company}`,
      v.object({ website: textOrNull }),
    );
    expect(row?.website).toBeNull();
    expect((await company('https://rheinwerk.example/jobs')).status).toBe(200);
  });

  it('refuses bidi and other control characters in names and titles, with a field code', async () => {
    expect(await fieldsOf(await company('', 'Rheinwerk\u202Egnalrev'))).toEqual({
      name: ['field.control_characters'],
    });
    const job = await f.request('PUT', '/api/job', f.tokens.agent, {
      values: { title: 'Fahrer\u2066in\u2069 (m/w/d)', target_types: ['stella'] },
      criteria: [],
    });
    expect(job.status).toBe(400);
    expect(await fieldsOf(job)).toEqual({ title: ['field.control_characters'] });
    const agent = await f.request('PUT', '/api/agent', f.tokens.agent, {
      first_name: 'Ada\u0007',
      last_name: 'Agent',
      phone: null,
      version: 0,
    });
    expect(await fieldsOf(agent)).toEqual({ first_name: ['field.control_characters'] });
    const profile = await f.request('PUT', '/api/profile', f.tokens.luna, {
      values: { first_name: 'Lena\nLunke', last_name: 'Lunke', city: { id: COLOGNE!.id } },
      version: 0,
    });
    expect(await fieldsOf(profile)).toEqual({ first_name: ['field.control_characters'] });
    // Text in other scripts and emoji are names like any other; a description keeps its line breaks.
    expect((await company('', 'مصنع الراين 🏭')).status).toBe(200);
  });
});
