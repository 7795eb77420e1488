import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FieldError } from '../../contract/field-errors';
import { setUpFixture } from '../db/test-fixture';
import { AGENT_ROLES, type AgentRole, COLOGNE, createAgentFixture } from './agent-test-kit';
import { agentJobBody } from './job-test-kit';

/**
 * Issue 41, finding 6: the API reference says what the server does. For every operation of
 * GET /api/openapi.json, for every role (and without a token), requests generated from the
 * document's own JSON Schemas (path, query, JSON body) are sent to the app, and each answer is
 * checked against the document: its status is one the operation lists (never a 5xx, never only
 * `default`), a JSON body matches the schema of that status (an error's `code` is one it lists),
 * other bodies come with the documented media type, and a request generated as valid is never
 * refused as invalid (400/413) — except for the rules the document states in words because a JSON
 * Schema cannot carry them (RULES below: each names the operation, the field and the code).
 *
 * The generator is our own, small, over the subset of JSON Schema 2020-12 the document uses: the
 * maintained generators (json-schema-faker, openapi-sampler) are not fast-check arbitraries, so a
 * failure would neither shrink nor replay from a seed.
 */

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: Schema };
type DocResponse = { description: string; content?: Record<string, { schema?: Schema }> };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  security: Record<string, unknown>[];
  responses: Record<string, DocResponse>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/**
 * How many requests each operation gets per caller (a public operation, which has one caller, three
 * times as many): small, so that the whole file stays under ~20 s. A deeper search, by hand:
 * `CONFORMANCE_RUNS=20 CONFORMANCE_SEED=7 npx vitest run --project server <this file>`.
 */
const RUNS_PER_ROLE = Number(process.env.CONFORMANCE_RUNS ?? 2);
const SEED = Number(process.env.CONFORMANCE_SEED ?? 4106);

/** The codes of a value the field catalogue refuses (contract/field-errors.ts, contract/catalog-schema.ts). */
const CATALOGUE_CODES = Object.values(FieldError);
/** `values` and `criteria` against the field catalogue: described on each operation (CATALOGUE_RULE). */
// Any key, `_` too: `values` may name a field `_` (the answer of a body without `fields` has a code
// no field has).
const CATALOGUE: Rule = [[/^/, CATALOGUE_CODES]];

/**
 * What the document says in words rather than in a schema, because a JSON Schema cannot: a request
 * that breaks one of these is refused although its parts each match their schema. Key: `METHOD
 * path`; value: the fields (a pattern over the keys of `fields`; `_` is an answer without `fields`)
 * and the codes such a request may get. Each is in the operation's description or summary.
 */
type Rule = readonly (readonly [RegExp, readonly string[]])[];
const RULES: Record<string, Rule> = {
  // The field catalogue: which keys `values` has, each value's type and limits, the criteria.
  'PUT /api/profile': CATALOGUE,
  'PUT /api/company': CATALOGUE,
  'PUT /api/agent/profile': CATALOGUE,
  'PUT /api/agent/company': CATALOGUE,
  'POST /api/agent/profile/{uuid}': CATALOGUE,
  'POST /api/agent/company/{uuid}': CATALOGUE,
  'PUT /api/job': CATALOGUE,
  'POST /api/job/{uuid}': CATALOGUE,
  'POST /api/job/preview': CATALOGUE,
  // A secret the generator cannot know: the current password, a mailed link's token.
  'DELETE /api/user': [[/^password$/, ['password.wrong_current']]],
  'DELETE /api/user/2fa': [[/^currentPassword$/, ['password.wrong_current']]],
  'PUT /api/user/password': [[/^currentPassword$/, ['password.wrong_current']]],
  'PUT /api/user/phone': [
    [/^currentPassword$/, ['password.wrong_current']],
    // A number is parsed for its country and line type (libphonenumber), beyond the pattern.
    [
      /^phoneNumber$/,
      ['phone.invalid', 'phone.not_mobile', 'phone.premium_rate', 'phone.country_not_supported'],
    ],
  ],
  'PUT /api/user/2fa/save-phone': [
    [
      /^phoneNumber$/,
      ['phone.invalid', 'phone.not_mobile', 'phone.premium_rate', 'phone.country_not_supported'],
    ],
  ],
  'GET /api/public/user/validate/{token}': [[/^_$/, ['validation.invalid_token']]],
  'GET /api/public/user/validate/user/{token}': [[/^_$/, ['validation.invalid_token']]],
  'GET /api/public/user/reset-password/check/{token}': [[/^_$/, ['reset.invalid_token']]],
  'PUT /api/public/user/reset-password': [[/^(_|token)$/, ['reset.invalid_token']]],
  'POST /api/public/retention/keep': [[/^token$/, ['keep.invalid_token']]],
  // Each entry at most once, however its uuid is spelled (upper or lower case).
  'POST /api/job/{uuid}/pipeline/move': [[/^entries$/, ['pipeline.duplicate_entry']]],
  // A follow-up's time or note only with its day (the operation's description).
  'PUT /api/pipeline/{entry}/follow-up': [[/^(time|note)$/, ['pipeline.follow_up_day_required']]],
  // The paths a batch may ask (its description), each once however it is spelled.
  'POST /api/batch': [[/^paths(\.[0-9]+)?$/, ['field.option_unknown', 'field.duplicate']]],
  // A contact's last name, or the deprecated whole name (the operations' description).
  'PUT /api/company/{uuid}/contacts': [[/^lastName$/, ['field.required']]],
  'POST /api/company/{uuid}/contacts/{contact}': [[/^lastName$/, ['field.required']]],
  // `full` names only some of `candidates` (the operations' description).
  'POST /api/job/{uuid}/send/preview': [[/^full$/, ['send.full_not_sent']]],
  'POST /api/job/{uuid}/send': [[/^full$/, ['send.full_not_sent']]],
  // A company's list has no scores to sort by (its description).
  'GET /api/jobs/list': [[/^sort$/, ['query.invalid']]],
  // The upper bound of `at` follows the clock: at most a day ahead (in the description).
  'POST /api/agent/timeline/{subject}/{uuid}': [[/^at$/, ['field.date_too_late']]],
  // A deletion is confirmed with the record's name or e-mail (the operations' description).
  'POST /api/agent/profile/{uuid}/erase': [[/^confirm$/, ['erasure.confirm_mismatch']]],
  'POST /api/agent/company/{uuid}/erase': [[/^confirm$/, ['erasure.confirm_mismatch']]],
};

/**
 * One character of generated text: mostly any grapheme, now and then a space, a line break, a
 * control or bidi character. Never NUL nor half a surrogate pair: no operation takes those, as the
 * reference says once for all (info.description), not on every string.
 */
const TEXT_UNIT = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u0001',
      '\u007f',
      '\u0085',
      '\u061c',
      '\u200f',
      '\u202e',
      '\u2066',
    ),
  },
);

/** A schema and one of its `anyOf` alternatives as one schema: an alternative's `false` drops a property. */
function merged(base: Schema, alternative: Schema): Schema {
  const out: Schema = { ...base, ...alternative };
  if (!base.properties && !alternative.properties) return out;
  const properties = { ...((base.properties ?? {}) as Record<string, Schema>) };
  for (const [key, schema] of Object.entries(
    (alternative.properties ?? {}) as Record<string, Schema | false>,
  )) {
    if (schema === false) delete properties[key];
    else properties[key] = { ...properties[key], ...schema };
  }
  const required = [...((base.required ?? []) as string[]), ...((alternative.required ?? []) as string[])];
  return { ...out, properties, required: [...new Set(required)].filter((key) => key in properties) };
}

/** A JSON Schema (the subset the document uses) as a fast-check arbitrary of values it accepts. */
function arbitraryOf(schema: Schema, ids: readonly string[]): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) {
    const refused = ((schema.not as Schema | undefined)?.enum ?? []) as unknown[];
    return fc.constantFrom(...(schema.enum as unknown[]).filter((x) => !refused.includes(x)));
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const { anyOf: _any, oneOf: _one, ...base } = schema;
    return fc.oneof(...alternatives.map((s) => arbitraryOf(merged(base, s), ids)));
  }
  const contains = ((schema.allOf ?? []) as Schema[]).flatMap((s) =>
    s.contains && 'const' in (s.contains as Schema) ? [(s.contains as Schema).const] : [],
  );
  if (contains.length > 0) {
    // `allOf: [{ contains: { const } }]`: the list holds each of these, among others.
    const { allOf: _allOf, ...rest } = schema;
    return arbitraryOf(rest, ids).map((list) => [...contains, ...(list as unknown[])]);
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? -1_000_000;
      const max = (schema.maximum as number | undefined) ?? 1_000_000;
      return schema.type === 'integer'
        ? fc.integer({ min, max })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'string':
      return stringOf(schema, ids);
    case 'array': {
      const items = arbitraryOf((schema.items as Schema | undefined) ?? {}, ids);
      const constraints = {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 3, 3),
      };
      return schema.uniqueItems
        ? fc.uniqueArray(items, { ...constraints, selector: (x) => JSON.stringify(x) })
        : fc.array(items, constraints);
    }
    case 'object':
      return objectOf(schema, ids);
    default:
      // `{}`: any JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: Schema, ids: readonly string[]): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? 40;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  // Patterns beside the schema's own: the non-space a trimmed text needs (server/http/openapi.ts).
  const more = ((schema.allOf ?? []) as Schema[]).map((s) => new RegExp(String(s.pattern), 'u'));
  const matching = (s: string) =>
    fits(s) && (!pattern || pattern.test(s)) && more.every((extra) => extra.test(s));
  if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...ids));
  if (schema.format === 'date' || schema.format === 'date-time') {
    // Days of the years 1900 to 3099, as the format writes them; a pattern narrows them.
    const days = fc.date({ min: new Date('1900-01-01'), max: new Date('3099-12-31'), noInvalidDate: true });
    const text = days.map((d) => (schema.format === 'date' ? d.toISOString().slice(0, 10) : d.toISOString()));
    return text.filter(matching);
  }
  if (pattern) return fc.stringMatching(pattern).filter(matching);
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  // Any Unicode text, spaces and control characters too: the document says which a field refuses.
  return fc
    .string({ unit: TEXT_UNIT, minLength, maxLength: Math.min(maxLength, minLength + 40) })
    .filter(matching);
}

function objectOf(schema: Schema, ids: readonly string[]): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  const named = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, arbitraryOf(s, ids)])),
    { requiredKeys: required },
  );
  const extra = schema.additionalProperties;
  if (extra === false || extra === undefined) return named;
  const others = fc.dictionary(
    stringOf((schema.propertyNames as Schema | undefined) ?? { type: 'string' }, ids).filter(
      (k) => !(k in properties),
    ),
    arbitraryOf(extra === true ? {} : (extra as Schema), ids),
    { maxKeys: 3 },
  );
  return fc.tuple(named, others).map(([a, b]) => ({ ...b, ...a }));
}

/** One generated request: path, query string and JSON body, as the document allows them. */
function requestsOf(path: string, operation: Operation, ids: readonly string[]) {
  const parameters = operation.parameters ?? [];
  const pathParams = fc.record(
    Object.fromEntries(
      parameters.filter((p) => p.in === 'path').map((p) => [p.name, arbitraryOf(p.schema, ids)]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      parameters.filter((p) => p.in === 'query').map((p) => [p.name, arbitraryOf(p.schema, ids)]),
    ),
    { requiredKeys: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name) },
  );
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const body = bodySchema ? arbitraryOf(bodySchema, ids) : fc.constant(undefined);
  return fc.record({ pathParams, query, body }).map(({ pathParams, query, body }) => {
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      encodeURIComponent(String(pathParams[name])),
    );
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return { url: search ? `${url}?${search}` : url, body };
  });
}

const f = setUpFixture(createAgentFixture);
let doc: Doc;
let ids: string[] = [];
const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);

beforeAll(async () => {
  doc = (await (await f.app.request('/api/openapi.json')).json()) as Doc;
  // Real ids, so that more than the 404 of an unknown uuid is asked.
  const { profileId } = await f.addCandidate('stella', { first_name: 'Lea', last_name: 'Berg' });
  const job = await f.request('PUT', '/api/job', f.tokens.agent, agentJobBody('Conformance'));
  const jobId = ((await job.json()) as { uuid: string }).uuid;
  const entry = await f.request('PUT', `/api/job/${jobId}/pipeline/${profileId}`, f.tokens.agent);
  const entryId = ((await entry.json()) as { uuid: string }).uuid;
  const company = await f.request('PUT', '/api/agent/company', f.tokens.agent, {
    values: { name: 'Probe AG', city: { id: COLOGNE?.id } },
  });
  const companyId = ((await company.json()) as { uuid: string }).uuid;
  const contact = await f.request('PUT', `/api/company/${companyId}/contacts`, f.tokens.agent, {
    name: 'Jana Schmidt',
  });
  const contactId = ((await contact.json()) as { uuid: string }).uuid;
  ids = [profileId, jobId, entryId, companyId, contactId].filter(Boolean);
  expect(ids, JSON.stringify([job.status, entry.status, company.status, contact.status])).toHaveLength(5);
});

/** The document's `#/components/schemas/Error` inlined, so that each response schema stands alone. */
function standalone(schema: Schema): Schema {
  const error = JSON.stringify(doc.components.schemas.Error);
  return JSON.parse(JSON.stringify(schema).replaceAll('{"$ref":"#/components/schemas/Error"}', error));
}

const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();
function matches(schema: Schema, value: unknown): string | null {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(standalone(schema));
    validators.set(schema, validate);
  }
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

/** What is wrong with one answer, by the document; null when it conforms. */
async function mismatchOf(key: string, operation: Operation, answer: Response) {
  const status = String(answer.status);
  const documented = operation.responses[status];
  const type = answer.headers.get('content-type') ?? '';
  if (type.startsWith('text/event-stream')) await answer.body?.cancel();
  const text = type.startsWith('text/event-stream') ? '' : await answer.text();
  if (!documented)
    return `${key}: answers ${status}, undocumented (${text.replace(/"requestId":"[^"]*"/, '').slice(0, 160)})`;
  const content = documented.content ?? {};
  const media = Object.keys(content);
  if (media.length === 0) return text === '' ? null : `${key} ${status}: a body where none is documented`;
  if (!media.some((m) => type.startsWith(m)))
    return `${key} ${status}: content-type ${type}, documented ${media}`;
  const schema = content['application/json']?.schema;
  if (!type.startsWith('application/json') || !schema) return null;
  const problem = matches(schema, JSON.parse(text));
  return problem ? `${key} ${status}: body does not match (${problem}): ${text.slice(0, 200)}` : null;
}

/** A 400 or 413 to a request generated as valid: data the document allows, refused. */
async function refusedValid(key: string, res: Response): Promise<string | null> {
  if (res.status !== 400 && res.status !== 413) return null;
  const body = (await res.clone().json()) as { code: string; fields?: Record<string, string[]> };
  const rules = RULES[key] ?? [];
  const fields = Object.entries(body.fields ?? { _: [body.code] });
  const explained = (field: string, code: string) =>
    rules.some(([pattern, codes]) => pattern.test(field) && codes.includes(code));
  const unexplained = fields.filter(([field, codes]) => !codes.every((code) => explained(field, code)));
  if (unexplained.length === 0) return null;
  return `${key}: valid data rejected ${res.status} ${body.code} ${JSON.stringify(Object.fromEntries(unexplained))}`;
}

/** A seed of its own for each operation and caller, fixed: a failure replays. */
const seedOf = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, SEED);

type Caller = AgentRole | 'none';
const CALLERS: Caller[] = ['none', ...(Object.keys(AGENT_ROLES) as AgentRole[])];

describe('the API reference against the server, by generated requests', () => {
  it('names only operations of the document in its rules', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(Object.keys(RULES).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it(
    'answers every generated valid request as documented, for every role',
    async () => {
      const operations = Object.entries(doc.paths)
        .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
        // Deletions last: the fixture's records stay for the other calls.
        .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
      const problems = new Map<string, string>();
      let sent = 0;
      for (const { path, method, op } of operations) {
        const key = `${method.toUpperCase()} ${path}`;
        // The photo upload is multipart, not generated from a schema (profile.routes.db.test.ts).
        if (op.requestBody && !op.requestBody.content['application/json']) continue;
        for (const caller of op.security.length === 0 ? (['none'] as Caller[]) : CALLERS) {
          const token = caller === 'none' ? undefined : f.tokens[caller];
          await fc.assert(
            fc.asyncProperty(requestsOf(path, op, ids), async ({ url, body }) => {
              const res = await f.request(method.toUpperCase(), url, token, body);
              sent++;
              for (const problem of [await refusedValid(key, res), await mismatchOf(key, op, res)]) {
                if (problem && !problems.has(problem)) problems.set(problem, `[${caller}] ${method} ${url}`);
              }
            }),
            {
              seed: seedOf(`${key} ${caller}`),
              numRuns: op.security.length === 0 ? RUNS_PER_ROLE * 3 : RUNS_PER_ROLE,
            },
          );
        }
      }
      expect([...problems].map(([p, example]) => `${p} — e.g. ${example}`).sort()).toEqual([]);
      // 115 operations (all but the multipart upload), each by 7 roles and anonymously, a public one
      // by anyone: ~1,600 requests.
      expect(sent).toBeGreaterThan(1500);
    },
    // ~15 s alone, three times that beside other files on two busy cores.
    120_000 * RUNS_PER_ROLE,
  );

  /** A job of its own with a candidate in its pipeline: the generated deletions may have taken the first. */
  async function freshEntry() {
    const { profileId: profile } = await f.addCandidate('nova', { first_name: 'Ida', last_name: 'Sommer' });
    const created = await f.request('PUT', '/api/job', f.tokens.agent, agentJobBody('Conformance 2'));
    const job = ((await created.json()) as { uuid: string }).uuid;
    const added = await f.request('PUT', `/api/job/${job}/pipeline/${profile}`, f.tokens.agent);
    expect(added.status).toBe(201);
    return { job, profile, entry: ((await added.json()) as { uuid: string }).uuid };
  }

  it('answers the second success of an operation as documented: an entry in already, results as CSV', async () => {
    const real = await freshEntry();
    const add = doc.paths['/api/job/{uuid}/pipeline/{profile}']!.put!;
    const again = await f.request('PUT', `/api/job/${real.job}/pipeline/${real.profile}`, f.tokens.agent);
    expect(again.status).toBe(200);
    expect(await mismatchOf('PUT add', add, again)).toBeNull();
    const results = doc.paths['/api/job/showresults/{id}']!.get!;
    const csv = await f.request('GET', `/api/job/showresults/${real.job}?format=csv`, f.tokens.agent);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await mismatchOf('GET csv', results, csv)).toBeNull();
  });

  it('takes every move body the document allows for a real entry (by and reason by stage)', async () => {
    const real = await freshEntry();
    const move = doc.paths['/api/pipeline/{entry}/move']!.post!;
    const schema = move.requestBody!.content['application/json']!.schema!;
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(arbitraryOf(schema, ids), async (body) => {
        const res = await f.request('POST', `/api/pipeline/${real.entry}/move`, f.tokens.agent, body);
        statuses.add(res.status);
        expect(await refusedValid('POST /api/pipeline/{entry}/move', res.clone())).toBeNull();
        expect(await mismatchOf('POST move', move, res)).toBeNull();
      }),
      { seed: SEED, numRuns: 30 },
    );
    // Refused for its version or its stage at times, but never for its shape.
    expect([...statuses].every((status) => [200, 409].includes(status))).toBe(true);
  });
});
