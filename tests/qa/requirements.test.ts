import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIREMENT_IDS, REQUIREMENTS } from './requirements';

// A rule a table names must be one of REQUIREMENTS: a typo would otherwise leave a rule unchecked
// while the table seems to check it. The tables are read as text (they live in test files).
const repo = join(import.meta.dirname, '..', '..');
function files(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}
const named = [...files('src/machines'), ...files('tests/support')].flatMap((file) =>
  [...readFileSync(join(repo, file), 'utf8').matchAll(/'((?:SEED|PRODUCT) §\d+[^']*)'/g)].map((m) => ({
    file,
    id: m[1] as string,
  })),
);

describe('requirements', () => {
  it('every rule a table names is in the requirement list', () => {
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((n) => !REQUIREMENT_IDS.has(n.id))).toEqual([]);
  });

  it('has unique ids, each naming a section of SEED-SPEC or PRODUCT', () => {
    expect(REQUIREMENT_IDS.size).toBe(REQUIREMENTS.length);
    for (const r of REQUIREMENTS) expect(r.id).toMatch(/^(SEED|PRODUCT) §\d+ \S/);
  });
});
