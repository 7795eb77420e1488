import type { FieldDefinition } from '../../contract/catalog';
import type { BreakdownItem, Criterion, MatchJob, MatchResult } from '../../contract/matching';
import { type KeyArray, MultiColumn } from './columns';
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

/** Freezes a breakdown item and everything in it: items are shared between the results of a run. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const key in value) frozen(value[key]);
    Object.freeze(value);
  }
  return value;
}

/** The key of a row without a value where keys are masked bits (int32): outside their range. */
const NO_VALUE = 2 ** 32;

/**
 * The breakdowns of one job's kept rows, by the rule functions over their decoded values: a
 * breakdown adds up to the score the kernels computed from the encoded ones (the property tests hold
 * the two together).
 *
 * A criterion's item depends on the row's value only, so where the column names values by a number
 * (Column.keyOf) the item is built once per value and shared, frozen, by every result with that value:
 * a run explains thousands of rows over far fewer distinct values, and building an item each time
 * (its reason and parameters) cost a third of a run at 1 M profiles.
 */
export class Explainer {
  private readonly items: Map<number, BreakdownItem>[];
  private readonly keys: (KeyArray | undefined)[];
  /** Per criterion: the bits of the key that decide its item (-1: all of them). */
  private readonly masks: Int32Array;
  /** Per criterion keyed by masked bits: every word of its column (a row without any has no value). */
  private readonly words: (KeyArray[] | undefined)[];

  constructor(
    private readonly index: ProfileIndex,
    private readonly compiled: CompiledCriterion[],
    private readonly sumW: number,
  ) {
    this.items = compiled.map(() => new Map());
    this.masks = new Int32Array(compiled.length).fill(-1);
    this.words = compiled.map(() => undefined);
    this.keys = compiled.map(({ spec, criterion }, i) => {
      const column = index.columns.get(spec.profileField.key);
      const keys = column?.keys();
      if (keys || !(column instanceof MultiColumn) || spec.rule !== 'overlap') return keys;
      // An overlap's item names only which of the job's values a row has (matched, missing), or that
      // it has no value at all: where the job's values lie in one word of a wider multiselect
      // (skills), that word's bits under the job's mask are the key (NO_VALUE for a row without any).
      const bits = (criterion.value as string[]).flatMap((option) => column.bitOf(option) ?? []);
      const word = bits[0]?.word ?? 0;
      if (bits.some((b) => b.word !== word)) return undefined;
      this.masks[i] = bits.reduce((mask, b) => mask | (1 << b.bit), 0);
      this.words[i] = column.words;
      return column.words[word];
    });
  }

  explain(row: number, scoreTenths: number, excluded: boolean): MatchResult {
    const { compiled, items, keys, masks } = this;
    const breakdown = new Array<BreakdownItem>(compiled.length);
    for (let i = 0; i < compiled.length; i++) {
      const column = keys[i];
      const key =
        column === undefined ? undefined : masks[i] === -1 ? column[row] : this.maskedKey(i, column, row);
      let item = key === undefined ? undefined : items[i]!.get(key);
      if (item === undefined) {
        item = this.item(compiled[i]!, row);
        if (key !== undefined) items[i]!.set(key, frozen(item));
      }
      breakdown[i] = item;
    }
    const result: MatchResult = { uuid: this.index.uuidOf(row), score: scoreTenths / 10, breakdown };
    if (excluded) result.excluded = true;
    return result;
  }

  private maskedKey(i: number, column: KeyArray, row: number): number {
    const empty = this.words[i]!.every((word) => word[row] === 0);
    return empty ? NO_VALUE : column[row]! & this.masks[i]!;
  }

  private item({ criterion, spec }: CompiledCriterion, row: number): BreakdownItem {
    const { s, reason } = evaluate(spec, criterion.value, this.index.valueOf(row, spec.profileField.key));
    const contribution = this.sumW === 0 ? 0 : (100 * criterion.weight * s) / this.sumW;
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
  }
}
