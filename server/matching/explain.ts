import type { FieldDefinition } from '../../contract/catalog';
import type { BreakdownItem, Criterion, MatchJob, MatchResult } from '../../contract/matching';
import type { ProfileIndex } from './profile-index';
import { type CriterionSpec, evaluate } from './rules';

/** A job's criterion with the catalogue fields and rule it compares by. */
export interface CompiledCriterion {
  criterion: Criterion;
  spec: CriterionSpec;
}

/** Resolves a job's criteria against the catalogue; throws on a key that is no criterion. */
export function resolveCriteria(
  jobFields: FieldDefinition[],
  profileFields: FieldDefinition[],
  job: MatchJob,
): CompiledCriterion[] {
  const byKey = new Map(jobFields.map((f) => [f.key, f]));
  const profileByKey = new Map(profileFields.map((f) => [f.key, f]));
  return job.criteria.map((criterion): CompiledCriterion => {
    const jobField = byKey.get(criterion.key);
    if (!jobField?.criterion) throw new Error(`${criterion.key} is not a criterion of the job catalogue`);
    const profileField = profileByKey.get(jobField.criterion.profileKey);
    if (!profileField) throw new Error(`${criterion.key} compares with a field the profile catalogue lacks`);
    return { criterion, spec: { key: criterion.key, rule: jobField.criterion.rule, jobField, profileField } };
  });
}

/**
 * The breakdown of one kept row, by the rule functions over its decoded values: it adds up to the
 * score the kernels computed from the encoded ones (the property tests hold the two together).
 */
export function explain(
  index: ProfileIndex,
  compiled: CompiledCriterion[],
  sumW: number,
  row: number,
  scoreTenths: number,
  excluded: boolean,
): MatchResult {
  const breakdown = compiled.map(({ criterion, spec }): BreakdownItem => {
    const { s, reason } = evaluate(spec, criterion.value, index.valueOf(row, spec.profileField.key));
    const contribution = sumW === 0 ? 0 : (100 * criterion.weight * s) / sumW;
    const { key, weight, must } = criterion;
    return {
      key,
      weight,
      must,
      s,
      contribution,
      reason: reason.reason,
      params: reason.params,
    } as BreakdownItem;
  });
  const result: MatchResult = { uuid: index.uuidOf(row), score: scoreTenths / 10, breakdown };
  if (excluded) result.excluded = true;
  return result;
}
