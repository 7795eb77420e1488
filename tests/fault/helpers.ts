// Shared by the fault suite: real server processes, timed requests, and the figures each test prints.
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { type ServerProcess, spawnServer } from '../support/server-process';

export { DEMO_PASSWORD };

export interface Started {
  proc: ServerProcess;
  url: string;
}

/** Starts server/main.ts with the given environment and waits for its banner. */
export async function startServer(env: Record<string, string>): Promise<Started> {
  const proc = spawnServer({ PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'warn', TRUST_PROXY: 'true', ...env });
  // The banner says localhost; the server may listen on IPv4 only.
  const url = (await proc.url()).replace('//localhost:', '//127.0.0.1:');
  return { proc, url };
}

export interface Timed {
  status: number;
  ms: number;
  body: unknown;
}

let nextIp = 1;
/** A distinct client address per call (TRUST_PROXY): per-IP limits do not throttle the load. */
export const clientIp = () => {
  const n = nextIp++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** One request with its latency; a request without an answer within 20 s counts as status 0. */
export async function timed(url: string, init: RequestInit & { json?: unknown } = {}): Promise<Timed> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('x-forwarded-for', clientIp());
  if (json !== undefined) headers.set('content-type', 'application/json');
  const started = performance.now();
  try {
    const res = await fetch(url, {
      ...rest,
      headers,
      body: json === undefined ? rest.body : JSON.stringify(json),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, ms: performance.now() - started, body };
  } catch {
    return { status: 0, ms: performance.now() - started, body: null };
  }
}

export async function login(url: string, email: string, password = DEMO_PASSWORD): Promise<Timed> {
  return timed(`${url}/api/login`, { method: 'POST', json: { email, password, locale: 'en' } });
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const ms = (value: number) => `${Math.round(value)} ms`;

/** Prints one figure line of the suite (vitest shows it with the test's output). */
export function figure(test: string, text: string): void {
  process.stdout.write(`[fault] ${test}: ${text}\n`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until check() is true; throws after timeoutMs. Answers the time it took. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
  everyMs = 100,
): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
  return performance.now() - started;
}
