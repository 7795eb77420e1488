import { vValidator } from '@hono/valibot-validator';
import type { MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { GenericSchema, InferOutput } from 'valibot';
import * as v from 'valibot';
import { ErrorCode } from '../../contract/errors';
import { FieldError, fieldErrors } from '../../contract/field-errors';
import { ApiError, tooDeep } from '../errors';

/** Validates a JSON body with a contract schema; bad input answers 400 with per-field codes and changes nothing. */
export function jsonBody<S extends GenericSchema>(schema: S) {
  return vValidator('json', schema, (result) => {
    if (!result.success) {
      throw new ApiError(
        400,
        ErrorCode.validation,
        'Invalid request body',
        fieldErrors(result.issues, 'path'),
      );
    }
  });
}

/**
 * Validates the query string with a contract schema; the handler reads the output with
 * `c.req.valid('query')`. A bad value answers 400 with per-field codes, a repeated parameter too
 * (`query.invalid`): one value per name, so a filter never means two things. The answer's `code`
 * is `request.invalid` unless the route names its own (the agents' lists answer `query.invalid`).
 */
export function validQuery<S extends GenericSchema>(schema: S, code: string = ErrorCode.validation) {
  return validator('query', (_value, c): InferOutput<S> => {
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
}

/** A string holds a NUL or a UTF-16 surrogate without its partner: PostgreSQL cannot store either. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isInvalidText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** How deep a JSON body may nest (PRODUCT.md §8): `{}` and `[]` are one level, `{"a":[]}` two. */
export const MAX_JSON_DEPTH = 32;

/** A step of a path, linked to its parent: a path is spelled out only when something is found on it. */
interface PathNode {
  parent: PathNode | null;
  key: string;
}

function dotPath(node: PathNode | null): string {
  const keys: string[] = [];
  for (let at = node; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** What `scanJson` found: a body nested too deeply (it stops there), else the paths of unstorable text. */
export type JsonScan = { tooDeep: true } | { tooDeep: false; invalidText: string[] };

/**
 * One pass over a parsed JSON value, without recursion and in time linear in its size: stops at the
 * first container nested deeper than `maxDepth`, and otherwise answers the dot paths (as `fieldErrors`
 * keys them: `values.first_name`, `values.skills.0`) of every string PostgreSQL could not store; an
 * object key that is such a string counts for the value under it.
 */
export function scanJson(value: unknown, maxDepth = MAX_JSON_DEPTH): JsonScan {
  const invalidText: string[] = [];
  const stack: { value: unknown; path: PathNode | null; depth: number }[] = [{ value, path: null, depth: 0 }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { value: item, path, depth } = top;
    if (typeof item === 'string') {
      if (isInvalidText(item)) invalidText.push(dotPath(path) || '_');
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > maxDepth) return { tooDeep: true };
    // Pushed last to first, so that the paths come out in the body's order.
    const entries: [string, unknown][] = Array.isArray(item)
      ? item.map((x, i) => [String(i), x])
      : Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const node = { parent: path, key };
      if (isInvalidText(key)) invalidText.push(dotPath(node));
      else stack.push({ value: child, path: node, depth: depth + 1 });
    }
  }
  return { tooDeep: false, invalidText };
}

/** The media types Hono's `json` validator parses (hono/validator), so that every body it reads was checked here. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const mediaType = (contentType: string) => contentType.split(';')[0]!.trim();

/**
 * Refuses, before any handler runs, a JSON body nested deeper than `MAX_JSON_DEPTH` (400
 * `request.too_deep`) and a request whose JSON body, query string or path holds a NUL or a lone
 * surrogate (400, `field.invalid_text` on each offending field): mounted once on /api/*, so every
 * route, also one added later, is covered. A body that is not JSON is left to the route.
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
    JSON_TYPE.test(mediaType(c.req.header('content-type') ?? ''))
  ) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      // Malformed JSON or an oversized body: the cached failure reaches the route's validator.
      return next();
    }
    const scan = scanJson(body);
    if (scan.tooDeep) throw tooDeep();
    for (const key of scan.invalidText) mark(key);
  }
  if (Object.keys(fields).length > 0) {
    throw new ApiError(400, ErrorCode.validation, 'Text with NUL or unpaired surrogate characters', fields);
  }
  return next();
};
