import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { ErrorBodySchema, ErrorCode } from '../../contract/errors';
import { type ApiRoute as Entry, isIdParam, type Param, TAGS, WHO } from '../../contract/route-table';
import { type AuthScheme, BEARER, PENDING_LOGIN } from '../auth/middleware';

// The API reference, from the route table alone (contract/endpoint-list.ts): the adapter mounts
// each entry with exactly what the entry declares (server/http/route-adapter.ts), and
// server/http/openapi.db.test.ts checks that the app answers every entry and nothing else.

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** The token a route's `who` asks for, and the 401s its middleware answers; none for a public route. */
const authOf = (entry: Entry): AuthScheme | undefined =>
  entry.who === 'public' ? undefined : entry.who === 'pendingLogin' ? PENDING_LOGIN : BEARER;

/** Marks, while converting, a string schema whose text is trimmed before its length is checked. */
const TRIMMED = 'x-matchwerk-trimmed';

/**
 * The rules of trimmed text in the reference's terms, as patterns beside the schema's own (in
 * `allOf`). `minLength: n` counts the text after `v.trim()`, so a text of spaces is too short however
 * long it is: n characters from a non-space to a non-space (`\S` is what trim keeps). A `pattern` is
 * matched against the trimmed text: the reference asks for text without spaces around it.
 */
function trimmedLengths(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) trimmedLengths(item);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const schema = value as JsonSchema;
  if (schema[TRIMMED]) {
    delete schema[TRIMMED];
    const min = (schema.minLength as number | undefined) ?? 0;
    const patterns = [
      ...(min >= 1 ? [min === 1 ? '\\S' : `\\S[\\s\\S]{${min - 2},}\\S`] : []),
      ...(schema.pattern ? ['^(?:\\S(?:[\\s\\S]*\\S)?)?$'] : []),
    ];
    if (patterns.length > 0) {
      schema.allOf = [
        ...((schema.allOf as unknown[] | undefined) ?? []),
        ...patterns.map((pattern) => ({ pattern })),
      ];
    }
  }
  for (const child of Object.values(schema)) trimmedLengths(child);
}

/** A valibot schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as the client sends it. */
export function jsonSchemaOf(schema: GenericSchema, typeMode: 'input' | 'output' = 'input'): JsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
    overrideAction: ({ valibotAction, jsonSchema }) =>
      valibotAction.type === 'trim' && typeMode === 'input' ? { ...jsonSchema, [TRIMMED]: true } : undefined,
  }) as JsonSchema;
  trimmedLengths(rest);
  return rest;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const ERROR_RESPONSE = {
  description: 'An error: `code` is the stable key the client translates (contract/errors.ts)',
  content: { 'application/json': { schema: ERROR_REF } },
};

/** What each error status means, before its codes. */
const ERROR_STATUSES: Record<number, string> = {
  400: 'Refused input; `fields` holds the codes per field',
  401: 'No valid token, or refused credentials',
  403: 'Not allowed for this account',
  404: 'Not found',
  409: 'In conflict with the current state',
  413: 'Request body too large',
  429: 'Too many requests; Retry-After says how many seconds to wait',
};

/** A path parameter's schema: a record's id is a uuid, else the entry's schema. */
function pathSchemaOf(param: Param): JsonSchema {
  return isIdParam(param) ? { type: 'string', format: 'uuid' } : jsonSchemaOf(param);
}

/** A role's 403 (contract/route-table.ts WHO) beside the entry's own 403 codes. */
function errorsOf(entry: Entry): Record<string, readonly string[]> {
  const role = !['public', 'pendingLogin', 'signedIn'].includes(entry.who);
  const own = entry.errors ?? {};
  return role ? { ...own, 403: [ErrorCode.forbidden, ...(own[403] ?? [])] } : own;
}

function parametersOf(entry: Entry): unknown[] {
  const params = entry.params as Record<string, Param>;
  const parameters: unknown[] = [...entry.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: pathSchemaOf(params[name] as Param),
  }));
  // A query the handler parses itself (the legal text) is documented the same way.
  if (entry.query) {
    const query = jsonSchemaOf(entry.query);
    const properties = (query.properties ?? {}) as Record<string, JsonSchema>;
    const required = (query.required ?? []) as string[];
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.includes(name), schema });
    }
  }
  return parameters;
}

/**
 * The error answers of an operation and their codes: those the app gives every route (the NUL
 * check, the body limit), those the adapter gives for what the entry declares (its body, its query,
 * its token, its role) and those the entry names. A version conflict's 409 is its own schema, with
 * `current`.
 */
function errorResponses(entry: Entry, hasBody: boolean) {
  const codes = new Map<number, Set<string>>();
  const add = (status: number, list: readonly string[]) => {
    const set = codes.get(status) ?? new Set<string>();
    for (const code of list) set.add(code);
    codes.set(status, set);
  };
  // server/http/validate.ts canonicalInput: a NUL or lone surrogate in any path, query or body.
  add(400, [ErrorCode.validation]);
  // ...and a JSON body nested deeper than 32 levels, refused there too.
  if (entry.body) add(400, [ErrorCode.malformedJson, ErrorCode.tooDeep]);
  // A query the handler reads itself names its own 400 among the entry's errors.
  if (entry.query && !entry.queryByHandler) add(400, [entry.queryCode ?? ErrorCode.validation]);
  const auth = authOf(entry);
  if (auth) add(401, auth.codes);
  if (hasBody) add(413, [ErrorCode.payloadTooLarge]);
  for (const [status, list] of Object.entries(errorsOf(entry))) add(Number(status), list);
  const responses: Record<string, unknown> = {};
  for (const [status, set] of [...codes].sort(([a], [b]) => a - b)) {
    const all = [...set];
    const plain = all.filter((code) => !code.endsWith('.version_conflict'));
    const error = { allOf: [ERROR_REF, { properties: { code: { enum: plain } } }] };
    const schemas = [
      ...(status === 409 && entry.conflict ? [jsonSchemaOf(entry.conflict, 'output')] : []),
      ...(plain.length > 0 ? [error] : []),
    ];
    responses[String(status)] = {
      description: `${ERROR_STATUSES[status] ?? 'Error'}: ${all.map((code) => `\`${code}\``).join(', ')}`,
      ...(status === 429
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
      content: { 'application/json': { schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas } } },
    };
  }
  return responses;
}

/** `getApiJobUuid` for `GET /api/job/{uuid}`: unique, and stable while the route stays. */
const operationIdOf = (entry: Entry) =>
  `${entry.method.toLowerCase()}${entry.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`;

function operationOf(entry: Entry): Operation {
  const operation: Operation = {
    operationId: operationIdOf(entry),
    summary: entry.summary,
    tags: [entry.tag],
    // Who may call opens the description.
    description: [WHO[entry.who], entry.description].filter(Boolean).join(' '),
  };
  const parameters = parametersOf(entry);
  if (parameters.length > 0) operation.parameters = parameters;
  if (entry.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(entry.body) } },
    };
  } else if (entry.rawBody) {
    operation.requestBody = {
      required: true,
      description: entry.rawBody.description,
      content: { [entry.rawBody.media]: {} },
    };
  }
  // An empty list says "public": the document sets no security for all operations.
  const auth = authOf(entry);
  operation.security = auth ? [{ [auth.scheme]: [] }] : [];
  const successes: Record<string, { description: string; content?: Record<string, unknown> }> = {};
  for (const success of [entry.answer, ...(entry.alsoAnswers ?? [])]) {
    const content = success.json
      ? { 'application/json': { schema: jsonSchemaOf(success.json, 'output') } }
      : success.media
        ? { [success.media]: {} }
        : undefined;
    const status = String(success.status);
    // A second media type of the same status (JSON or CSV) joins the first one's content.
    const known = successes[status];
    successes[status] = known
      ? { ...known, content: { ...known.content, ...content } }
      : { description: success.description ?? 'Success', ...(content ? { content } : {}) };
  }
  operation.responses = {
    ...successes,
    ...errorResponses(entry, operation.requestBody !== undefined),
    default: ERROR_RESPONSE,
  };
  return operation;
}

/**
 * The OpenAPI 3.1 document of the routes of the table the app mounts (contract/endpoint-list.ts:
 * all of them, the development helpers outside production only).
 */
export function buildOpenApiDocument(routes: readonly Entry[]): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const entry of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const item = paths[entry.path] ?? {};
    item[entry.method.toLowerCase()] = operationOf(entry);
    paths[entry.path] = item;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Matchwerk API',
      version: '0.1.0',
      description:
        "The HTTP API of Matchwerk. Request bodies and query parameters are the valibot schemas of `contract/` the server validates with; errors answer `{ status, code, message, fields?, requestId? }`, and each operation lists the codes it can answer. No text anywhere (path, query, body, an object key) may hold NUL or half a UTF-16 surrogate pair: 400 `request.invalid` with `field.invalid_text`. Rules a JSON Schema cannot carry (the field catalogue, a password or mailed token the server checks, a limit that follows the clock) are in the operation's description.",
    },
    // Relative: "try it out" calls the origin the reference was loaded from.
    servers: [{ url: '/' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(ErrorBodySchema, 'output') },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token (login_status ok)',
        },
        pendingLogin: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of a login waiting for its SMS code',
        },
      },
    },
  };
}
