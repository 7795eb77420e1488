import { vValidator } from '@hono/valibot-validator';
import type { MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { GenericSchema, InferOutput } from 'valibot';
import * as v from 'valibot';
import { ErrorCode } from '../../contract/errors';
import { FieldError, fieldErrors } from '../../contract/field-errors';
import { ApiError } from '../errors';

/** What a `jsonBody` or `validQuery` middleware validates: the API reference documents exactly that. */
export interface Validation {
  target: 'json' | 'query';
  schema: GenericSchema;
  /** The `code` of its 400 answer. */
  code: string;
}

const validations = new WeakMap<object, Validation>();

/** What a route handler (one entry of `app.routes`) validates, if it is a `jsonBody` or `validQuery`. */
export function validationOf(handler: unknown): Validation | undefined {
  return typeof handler === 'function' ? validations.get(handler) : undefined;
}

/** The body schema a route handler (one entry of `app.routes`) validates with, if it is a `jsonBody`. */
export function bodySchemaOf(handler: unknown): GenericSchema | undefined {
  const validation = validationOf(handler);
  return validation?.target === 'json' ? validation.schema : undefined;
}

/** Validates a JSON body with a contract schema; bad input answers 400 with per-field codes and changes nothing. */
export function jsonBody<S extends GenericSchema>(schema: S) {
  const middleware = vValidator('json', schema, (result) => {
    if (!result.success) {
      throw new ApiError(
        400,
        ErrorCode.validation,
        'Invalid request body',
        fieldErrors(result.issues, 'path'),
      );
    }
  });
  validations.set(middleware, { target: 'json', schema, code: ErrorCode.validation });
  return middleware;
}

/**
 * Validates the query string with a contract schema; the handler reads the output with
 * `c.req.valid('query')`. A bad value answers 400 with per-field codes, a repeated parameter too
 * (`query.invalid`): one value per name, so a filter never means two things. The answer's `code`
 * is `request.invalid` unless the route names its own (the agents' lists answer `query.invalid`).
 */
export function validQuery<S extends GenericSchema>(schema: S, code: string = ErrorCode.validation) {
  const middleware = validator('query', (_value, c): InferOutput<S> => {
    const parsed = v.safeParse(schema, c.req.query());
    const repeated = Object.entries(c.req.queries()).filter(([, values]) => values.length > 1);
    if (!parsed.success || repeated.length > 0) {
      throw new ApiError(400, code, 'Invalid query', {
        ...(parsed.success ? {} : fieldErrors(parsed.issues, 'path')),
        ...Object.fromEntries(repeated.map(([name]) => [name, ['query.invalid']])),
      });
    }
    return parsed.output;
  });
  validations.set(middleware, { target: 'query', schema, code });
  return middleware;
}

/** A string holds a NUL or a UTF-16 surrogate without its partner: PostgreSQL cannot store either. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isInvalidText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Dot paths (as `fieldErrors` keys them: `values.first_name`, `values.skills.0`) of every string in
 * a parsed JSON value that PostgreSQL could not store; an object key that is such a string counts
 * for the value under it.
 */
export function invalidTextPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (isInvalidText(value)) found.push(path.join('.') || '_');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      invalidTextPaths(item, [...path, String(i)], found);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (isInvalidText(key)) found.push([...path, key].join('.'));
      else invalidTextPaths(item, [...path, key], found);
    }
  }
  return found;
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/**
 * Refuses (400, `field.invalid_text` on each offending field) a request whose JSON body, query
 * string or path holds a NUL or a lone surrogate, before any handler runs: mounted once on /api/*,
 * so every route, also one added later, is covered. A body that is not JSON is left to the route.
 */
export const canonicalInput: MiddlewareHandler = async (c, next) => {
  // No prototype: a client-chosen key such as "toString" or "__proto__" is a key like any other.
  const fields: Record<string, string[]> = Object.create(null);
  const mark = (key: string) => {
    fields[key] = [FieldError.invalidText];
  };
  let path = c.req.path;
  try {
    path = decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    // A malformed escape is no text of ours: the router answers it.
  }
  if (isInvalidText(path)) mark('_path');
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (isInvalidText(name) || values.some(isInvalidText)) mark(name);
  }
  if (
    c.req.method !== 'GET' &&
    c.req.method !== 'HEAD' &&
    JSON_TYPE.test(c.req.header('content-type') ?? '')
  ) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      // Malformed JSON or an oversized body: the cached failure reaches the route's validator.
      return next();
    }
    for (const key of invalidTextPaths(body)) mark(key);
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiError(400, ErrorCode.validation, 'Text with NUL or unpaired surrogate characters', fields);
  }
  return next();
};
