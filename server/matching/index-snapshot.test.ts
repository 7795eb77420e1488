import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCatalogFile } from '../catalog/catalog';
import { citiesOf } from '../catalog/cities';
import { analyseIndex } from './analysis';
import { loadIndexSnapshot, saveIndexSnapshot } from './index-snapshot';
import { ProfileIndex } from './profile-index';
import { benchmarkJob, syntheticProfiles } from './synthetic';

const catalog = loadCatalogFile();
const dir = mkdtempSync(join(tmpdir(), 'matchwerk-index-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function built(n: number): ProfileIndex {
  const next = syntheticProfiles(catalog, { seed: 7, cities: citiesOf('DE', 200) });
  const index = new ProfileIndex(catalog, n);
  for (let i = 0; i < n; i++) index.upsert(next());
  return index;
}

describe('index snapshot', () => {
  it('loads an index that scores, finds and changes rows exactly like the one saved', async () => {
    const index = built(3000);
    const path = join(dir, 'a.v8');
    await saveIndexSnapshot(path, 'db-1', { index, watermark: 42, catalogSums: 'p/j', refreshedAt: 1234 });
    const loaded = await loadIndexSnapshot(path, 'db-1');
    expect(loaded).not.toBeNull();
    expect(loaded!.watermark).toBe(42);
    expect(loaded!.catalogSums).toBe('p/j');
    expect(loaded!.refreshedAt).toBe(1234);
    const copy = loaded!.index;
    expect(copy).toBeInstanceOf(ProfileIndex);
    expect(copy.size).toBe(index.size);
    const options = { topK: 50, excluded: 50, nearMisses: 50 };
    expect(analyseIndex(copy, benchmarkJob(), options)).toEqual(analyseIndex(index, benchmarkJob(), options));

    // Both go on alike: a removal, an update and a new profile after loading.
    const first = index.uuidOf(0);
    expect(copy.rowOf(first)).toBe(0);
    const more = syntheticProfiles(catalog, { seed: 99, cities: citiesOf('DE', 200) });
    const changed = { ...more(), uuid: index.uuidOf(5) };
    const added = more();
    for (const target of [index, copy]) {
      target.remove(first);
      target.upsert(changed);
      target.upsert(added);
    }
    expect(copy.rowOf(first)).toBe(-1);
    expect(copy.size).toBe(index.size);
    expect(analyseIndex(copy, benchmarkJob(), options)).toEqual(analyseIndex(index, benchmarkJob(), options));
  });

  it('ignores a snapshot of another database, a missing file and a damaged one', async () => {
    const path = join(dir, 'b.v8');
    await saveIndexSnapshot(path, 'db-1', {
      index: built(10),
      watermark: 1,
      catalogSums: '',
      refreshedAt: 0,
    });
    expect(await loadIndexSnapshot(path, 'db-2')).toBeNull();
    expect(await loadIndexSnapshot(join(dir, 'missing.v8'), 'db-1')).toBeNull();
    writeFileSync(path, 'not a snapshot');
    expect(await loadIndexSnapshot(path, 'db-1')).toBeNull();
  });
});
