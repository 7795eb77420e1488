import { rmSync } from 'node:fs';
import { buildSpaIfStale } from '../../server/build';
import { SEEDED_DAY_ENV, SEEDED_TEMPLATE_ENV, seededDataDir, utcDay } from './harness';

/**
 * Browser tests drive the real built app: build it once before they start, and seed one data
 * directory that every test's server starts from a copy of (the workers inherit the variable).
 */
export default async function setup(): Promise<() => void> {
  buildSpaIfStale();
  const before = utcDay();
  const template = await seededDataDir();
  process.env[SEEDED_TEMPLATE_ENV] = template;
  // Seeded across midnight: which day the seed counted from is unknown, so no start uses the copy.
  if (utcDay() === before) process.env[SEEDED_DAY_ENV] = before;
  return () => rmSync(template, { recursive: true, force: true });
}
