import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { KeptAnswer } from '../db/kept';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers gain less than the compression costs (and than one packet). */
export const COMPRESS_THRESHOLD = 1024;
const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/** The encoding to use from an Accept-Encoding header: brotli before gzip, `q=0` refuses. */
export function chooseEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(token, q === undefined ? 1 : Number(q) || 0);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0 && quality('br') >= quality('gzip')) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}

/** A body compressed as compressJson does it (for a route that keeps compressed answers). */
export function compressBytes(body: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(body, { level: 6 });
}

/**
 * Compresses JSON answers of at least 1 kB with brotli (quality 5: fast, better than gzip) or gzip
 * as the client accepts. Only JSON: a JSON answer is whole in memory already, while SSE
 * (`text/event-stream`) and other streams must reach the client as they are written, so they are
 * never touched.
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  // Headers are read and set on c.res itself: c.header() on a finished answer, or reading its
  // body, turns @hono/node-server's lightweight Response into a full one with a stream (a third of
  // a kept answer's CPU time). A kept answer comes compressed and is left as it is.
  setVary(c);
  const res = c.res;
  if (
    c.req.method === 'HEAD' ||
    res.status === 204 ||
    res.status === 206 ||
    res.headers.has('Content-Encoding') ||
    !JSON_TYPE.test(res.headers.get('Content-Type') ?? '') ||
    /\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')
  ) {
    return;
  }
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  if (!encoding) return;
  const body = Buffer.from(await res.arrayBuffer());
  const out = body.length >= COMPRESS_THRESHOLD ? await compressBytes(body, encoding) : body;
  const headers = new Headers(res.headers);
  headers.delete('Content-Length');
  if (out !== body) headers.set('Content-Encoding', encoding);
  c.res = undefined as unknown as Response;
  c.res = new Response(new Uint8Array(out), { status: res.status, statusText: res.statusText, headers });
};

/** Vary: Accept-Encoding on the answer's own headers (a copy when they are immutable). */
function setVary(c: Context): void {
  try {
    c.res.headers.append('Vary', 'Accept-Encoding');
  } catch {
    c.header('Vary', 'Accept-Encoding', { append: true });
  }
}

/**
 * A kept answer (server/db/kept.ts) as JSON, compressed as compressJson would — but compressed once
 * per encoding: an answer sent again is sent with the bytes compressed the first time.
 */
export async function keptJsonResponse(c: Context, answer: KeptAnswer): Promise<Response> {
  const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
  const headers = { 'Content-Type': 'application/json' };
  if (!encoding || answer.json.length < COMPRESS_THRESHOLD) return c.body(answer.json, 200, headers);
  answer.encoded ??= new Map();
  let bytes = answer.encoded.get(encoding);
  if (!bytes) {
    bytes = new Uint8Array(await compressBytes(Buffer.from(answer.json), encoding));
    answer.encoded.set(encoding, bytes);
  }
  return c.body(bytes, 200, { ...headers, 'Content-Encoding': encoding });
}
