import type { CandidateType } from './user-types';

/** Matching jobs and their results (PRODUCT.md §5). */

export const MAX_WEIGHT = 5;
export const EARTH_RADIUS_KM = 6371.0088;
/** notAfter: a profile available this many days after the start scores 0. */
export const LATE_DAYS_TO_ZERO = 90;
/** atMost: a desired salary this share above the maximum scores 0. */
export const SALARY_TOLERANCE = 0.3;
/** atLeastOrdinal: what each missing level costs. */
export const LEVEL_PENALTY = 0.25;

/** One criterion of a job: a job field's value, its weight 0–5 and whether it is a must. */
export interface Criterion {
  key: string;
  value: unknown;
  weight: number;
  must: boolean;
}

/** What the engine needs of a job. */
export interface MatchJob {
  targetTypes: CandidateType[];
  criteria: Criterion[];
}

/** Reason codes of a breakdown item; the client translates them with their params. */
export type Reason =
  | { reason: 'unknown'; params: Record<string, never> }
  | {
      reason: 'overlap.all' | 'overlap.some' | 'overlap.none';
      params: { matched: string[]; missing: string[] };
    }
  | { reason: 'any_of.match'; params: { matched: string[] } }
  | { reason: 'any_of.none'; params: { actual: string[] } }
  | {
      reason: 'level.met' | 'level.below';
      params: { required: string; actual: string; levelsMissing: number };
    }
  | { reason: 'languages.met' | 'languages.below'; params: { languages: LanguageOutcome[] } }
  | { reason: 'at_least.met' | 'at_least.below'; params: { min: number; actual: number } }
  | { reason: 'distance.within' | 'distance.beyond'; params: { km: number; radiusKm: number; city?: string } }
  | { reason: 'date.on_time' | 'date.late'; params: { start: string; available: string; daysLate: number } }
  | { reason: 'at_most.met' | 'at_most.above'; params: { max: number; actual: number } };
export type ReasonCode = Reason['reason'];

/** One required language of a languages criterion: the profile's level (null when it lacks the language). */
export interface LanguageOutcome {
  language: string;
  required: string;
  actual: string | null;
  s: number;
}

/**
 * One criterion's part of a score: the partial score s ∈ [0, 1] and the points it contributes,
 * `100 · weight · s / Σ weight` (0 when Σ weight = 0), unrounded so the parts add up to the raw score.
 */
export type BreakdownItem = {
  key: string;
  weight: number;
  must: boolean;
  s: number;
  contribution: number;
} & Reason;

/** A ranked profile: score 0–100 with one decimal; `excluded` when a must criterion is not met. */
export interface MatchResult {
  uuid: string;
  score: number;
  excluded?: true;
  breakdown: BreakdownItem[];
}

/**
 * The score of PRODUCT.md §5 from Σ w·s (summed in criterion order) and Σ w, in tenths of a point,
 * so that ranks compare integers: round(100 × Σ w·s / Σ w, 1 decimal), 100 when Σ w = 0.
 */
export function scoreTenths(sumWeightedS: number, sumWeights: number): number {
  if (sumWeights === 0) return 1000;
  return Math.round(((100 * sumWeightedS) / sumWeights) * 10);
}
