import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { createTestApp } from './test-app';

type Problem = { ruleId: string; severity: string; message: string; location: { pointer?: string }[] };

const t = setUpFixture(createTestDb);
let problems: Problem[];
beforeAll(async () => {
  const { app } = await createTestApp(t);
  const res = await app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  problems = (await lintFromString({
    source: await res.text(),
    absoluteRef: 'openapi.json',
    config: await createConfig({ extends: ['recommended'] }),
  })) as Problem[];
});

const described = (p: Problem) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`;

/**
 * `/api/job/{uuid}/…` beside `/api/job/showresults/{id}`: SEED-SPEC §7's paths, which clients
 * already call. Hono matches them in registration order (the literal segments first).
 */
const KNOWN_AMBIGUOUS = [
  '/api/job/changestatus/{uuid}',
  '/api/job/showresults/{id}',
  '/api/job/showresultsdetail/{job}/{profile}',
];

describe("the API reference under Redocly's recommended rules", () => {
  it('has no error', () => {
    expect(problems.filter((p) => p.severity === 'error').map(described)).toEqual([]);
  });

  it('gives every operation its 4xx answers, and warns of nothing unexplained', () => {
    expect(problems.filter((p) => p.ruleId === 'operation-4xx-response').map(described)).toEqual([]);
    const known = (p: Problem) =>
      // No license is chosen yet (package.json is private, there is no LICENSE): the reference claims none.
      p.ruleId === 'info-license' ||
      (p.ruleId === 'no-ambiguous-paths' &&
        KNOWN_AMBIGUOUS.some((path) => p.location[0]?.pointer === `#/paths/${path.replaceAll('/', '~1')}`));
    const others = problems.filter((p) => !known(p));
    expect(others.map(described)).toEqual([]);
  });
});
