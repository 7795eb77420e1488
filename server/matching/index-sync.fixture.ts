import type { MatchJob } from '../../contract/matching';
import { loadCatalogFile, seedCatalog } from '../catalog/catalog';
import type { Database } from '../db/client';
import { profiles } from '../db/schema/profiles';
import { analyseIndex } from './analysis';
import type { IndexSync } from './index-sync';

/** Test fixture shared by the index tests on PGlite and on PostgreSQL. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const skillsJob: MatchJob = {
  targetTypes: ['stella'],
  criteria: [{ key: 'skills', value: ['sql', 'go'], weight: 1, must: false }],
};

/** The catalogue and four stellas: two with both skills (one inactive), one with sql, one with neither. */
export async function seedIndexFixture(db: Database): Promise<void> {
  await seedCatalog(db, loadCatalogFile());
  await db.insert(profiles).values([
    { id: uuid(1), type: 'stella', values: { skills: ['sql', 'go'] } },
    { id: uuid(2), type: 'stella', values: { skills: ['sql'] } },
    { id: uuid(3), type: 'stella', values: { skills: ['docker'] } },
    { id: uuid(4), type: 'stella', status: 'inactive', values: { skills: ['sql', 'go'] } },
  ]);
}

/** Refreshes, then ranks as a run does: the best ten [uuid, score]. */
export async function ranking(sync: IndexSync) {
  await sync.refresh();
  return analyseIndex(sync.current, skillsJob, { topK: 10 }).results.map((r) => [r.uuid, r.score]);
}
