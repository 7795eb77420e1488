import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Catalog } from '../../contract/catalog';
import { buildCriteriaSchema } from '../../contract/catalog-schema';
import { ErrorCode } from '../../contract/errors';
import { fieldErrors } from '../../contract/field-errors';
import type { JobCriterion, NearMissesResponse, PreviewRequest, PreviewResponse } from '../../contract/job';
import type { MatchJob } from '../../contract/matching';
import type { CandidateType } from '../../contract/user-types';
import { assertAgent, type Caller } from '../auth/caller';
import { cityById } from '../catalog/cities';
import { queryRows } from '../db/client';
import { text, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { jobs } from '../db/schema/jobs';
import { ApiError } from '../errors';
import { analyseIndex, previewIndex } from '../matching/analysis';
import { jobNotFound } from './access';
import { capPreview } from './caps';
import { isUuid, targetTypesOf } from './jobs';
import { thumbnailOf } from './results';
import type { JobServices } from './services';

/**
 * What the profiles as they are now would give (PRODUCT.md §5), from the process's in-memory index
 * rather than a stored run: the live what-if of the job form and the near misses. Agents only.
 */

/** Checks a what-if's criteria against the index's catalogue; 400 with `criteria.<key>` codes. */
function parseCriteria(catalog: Catalog, criteria: unknown[]): JobCriterion[] {
  const schema = v.object({ criteria: buildCriteriaSchema(catalog.job, { cities: cityById }) });
  const parsed = v.safeParse(schema, { criteria });
  if (!parsed.success)
    throw new ApiError(400, ErrorCode.validation, 'Invalid criteria', fieldErrors(parsed.issues));
  return parsed.output.criteria as JobCriterion[];
}

/** Previews being computed per process's services, by request body: identical ones share one. */
const previewsUnderWay = new WeakMap<JobServices, Map<string, Promise<PreviewResponse>>>();

/**
 * POST /api/job/preview: the live what-if, from the process's in-memory index (refreshed at most
 * once a second): how many take part, how many each must-have excludes, the histogram, the best
 * scores. Identical previews arriving together (waiting on the same index refresh) share one answer.
 */
export async function preview(
  svc: JobServices,
  caller: Caller,
  body: PreviewRequest,
): Promise<PreviewResponse> {
  assertAgent(caller);
  await capPreview(svc.db, svc.caps, caller, new Date(svc.clock()));
  let underWay = previewsUnderWay.get(svc);
  if (!underWay) {
    underWay = new Map();
    previewsUnderWay.set(svc, underWay);
  }
  const key = JSON.stringify([body.targetTypes, body.criteria]);
  const pending = underWay.get(key);
  if (pending) return pending;
  const answer = computePreview(svc, body).finally(() => underWay.delete(key));
  underWay.set(key, answer);
  return answer;
}

async function computePreview(svc: JobServices, body: PreviewRequest): Promise<PreviewResponse> {
  const index = await svc.recentIndex();
  const criteria = parseCriteria(index.catalog, body.criteria);
  // Between its passes over the index the event loop serves the other requests (pages, runs).
  const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
  return previewIndex(index, { targetTypes: body.targetTypes as CandidateType[], criteria }, 5, pause);
}

const NEAR_MISSES = 20;

/** What a near miss shows of its profile as it is now. */
const NearMissRow = v.object({
  id: uuid,
  type: text,
  first_name: textOrNull,
  last_name: textOrNull,
  city: textOrNull,
  photo_id: uuidOrNull,
});

/**
 * GET /api/job/{uuid}/near-misses: over the profiles as they are now, the best ones a single
 * must-have excludes, with the score they would have had — "who fits if you relax X".
 */
export async function nearMisses(
  svc: JobServices,
  caller: Caller,
  jobId: string,
): Promise<NearMissesResponse> {
  assertAgent(caller);
  if (!isUuid(jobId)) throw jobNotFound();
  const [job] = await svc.db
    .select({ values: jobs.values, criteria: jobs.criteria })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  if (!job) throw jobNotFound();
  if (!job.criteria.some((c) => c.must)) return { items: [] };
  const index = await svc.recentIndex();
  const matchJob: MatchJob = { targetTypes: targetTypesOf(job.values), criteria: job.criteria };
  const { nearMisses: misses } = analyseIndex(index, matchJob, { topK: 0, nearMisses: NEAR_MISSES });
  if (misses.length === 0) return { items: [] };
  const facts = await queryRows(
    svc.db,
    sql`select p.id, p.type, p."values" ->> 'first_name' as first_name, p."values" ->> 'last_name' as last_name,
          p."values" -> 'city' ->> 'name' as city, ph.id as photo_id
        from profiles p left join photos ph on ph.user_id = p.user_id
        where p.id in (${sql.join(
          misses.map((m) => sql`${m.uuid}`),
          sql`, `,
        )})`,
    NearMissRow,
  );
  const byId = new Map(facts.map((f) => [f.id, f]));
  return {
    items: misses.flatMap((miss) => {
      const profile = byId.get(miss.uuid);
      const missed = miss.breakdown.find((b) => b.key === miss.missed);
      if (!profile || !missed) return [];
      return [
        {
          uuid: miss.uuid,
          type: profile.type,
          name: [profile.first_name, profile.last_name].filter(Boolean).join(' '),
          city: profile.city,
          thumbnail: thumbnailOf(profile.photo_id),
          score: miss.score,
          missed,
        },
      ];
    }),
  };
}
