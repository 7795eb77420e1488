import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './match-file';

const dir = mkdtempSync(join(tmpdir(), 'match-file-'));
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function files(job: unknown, profiles: unknown[] | string) {
  const name = Math.random().toString(36).slice(2);
  const jobPath = join(dir, `${name}.json`);
  const profilesPath = join(dir, `${name}.ndjson`);
  writeFileSync(jobPath, JSON.stringify(job));
  writeFileSync(
    profilesPath,
    typeof profiles === 'string' ? profiles : profiles.map((p) => JSON.stringify(p)).join('\n'),
  );
  return ['--job', jobPath, '--profiles', profilesPath];
}

async function cli(args: string[]) {
  let out = '';
  let err = '';
  const code = await run(args, { out: (t) => (out += t), err: (t) => (err += t) });
  return {
    code,
    lines: out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
    err,
  };
}

const job = {
  targetTypes: ['stella'],
  criteria: [
    { key: 'skills', value: ['typescript', 'react'], weight: 3, must: false },
    { key: 'location', value: { lat: 52.52437, lng: 13.41053, radius_km: 50 }, weight: 1, must: true },
  ],
};
const berlin = { lat: 52.52437, lng: 13.41053, name: 'Berlin', country: 'DE' };
const munich = { lat: 48.13743, lng: 11.57549, name: 'München', country: 'DE' };
const profiles = [
  { uuid: uuid(1), type: 'stella', status: 'active', values: { skills: ['react'], city: berlin } },
  {
    uuid: uuid(2),
    type: 'stella',
    status: 'active',
    values: { skills: ['typescript', 'react'], city: berlin },
  },
  {
    uuid: uuid(3),
    type: 'stella',
    status: 'active',
    values: { skills: ['typescript', 'react'], city: munich },
  },
  { uuid: uuid(4), type: 'luna', status: 'active', values: { skills: ['typescript'], city: berlin } },
  { uuid: uuid(5), type: 'stella', status: 'inactive', values: { city: berlin } },
];

describe('match:file', () => {
  it('prints the ranked profiles as NDJSON with their breakdowns', async () => {
    const { code, lines } = await cli(files(job, profiles));
    expect(code).toBe(0);
    expect(lines.map((l) => [l.uuid, l.score])).toEqual([
      [uuid(2), 100],
      [uuid(1), 62.5],
    ]);
    expect(lines[1].breakdown[0]).toMatchObject({
      key: 'skills',
      s: 0.5,
      reason: 'overlap.some',
      params: { matched: ['react'], missing: ['typescript'] },
    });
    expect(lines[0].excluded).toBeUndefined();
  });

  it('cuts at --top and adds the excluded ones, marked, with --with-excluded', async () => {
    expect((await cli([...files(job, profiles), '--top', '1'])).lines.map((l) => l.uuid)).toEqual([uuid(2)]);
    const { lines } = await cli([...files(job, profiles), '--with-excluded']);
    expect(lines.map((l) => [l.uuid, l.excluded ?? false])).toEqual([
      [uuid(2), false],
      [uuid(1), false],
      [uuid(3), true],
    ]);
  });

  it('targets stellas when the job names no types', async () => {
    const { lines } = await cli(files({ criteria: [] }, profiles));
    expect(lines.map((l) => l.uuid)).toEqual([uuid(1), uuid(2), uuid(3)]);
  });

  it('refuses a bad profile line with its number and field, exit code 2', async () => {
    const bad = [...profiles.slice(0, 2), { ...profiles[2], values: { skills: ['cobol'] } }];
    const { code, err, lines } = await cli(files(job, bad));
    expect(code).toBe(2);
    expect(lines).toEqual([]);
    expect(err).toMatch(/\.ndjson:3: values\.skills: field\.option_unknown\n$/);
    expect((await cli(files(job, `${JSON.stringify(profiles[0])}\n{oops`))).err).toMatch(
      /\.ndjson:2: not JSON/,
    );
    const twice = await cli(files(job, [profiles[0], profiles[0]]));
    expect(twice.err).toMatch(/\.ndjson:2: uuid: duplicate/);
  });

  it('refuses a bad job naming the criterion, and bad options, exit code 2', async () => {
    const badJob = { criteria: [{ key: 'skills', value: ['typescript'], weight: 9, must: false }] };
    const { code, err } = await cli(files(badJob, profiles));
    expect(code).toBe(2);
    expect(err).toMatch(/\.json: criteria\.skills: criterion\.weight_invalid\n$/);
    expect((await cli(files({ criteria: [{ key: 'height', value: 1, weight: 1 }] }, profiles))).err).toMatch(
      /criteria\.height: criterion\.unknown/,
    );
    expect((await cli(['--job', 'x.json'])).code).toBe(2);
    expect((await cli(['--job', join(dir, 'missing.json'), '--profiles', 'p'])).err).toMatch(
      /cannot read \(ENOENT\)/,
    );
  });
});
