import { rmSync } from 'node:fs';
import { buildSpaIfStale } from '../../server/build';
import { SEEDED_TEMPLATE_ENV, seededDataDir } from './harness';

/**
 * Browser tests drive the real built app: build it once before they start, and seed one data
 * directory that every test's server starts from a copy of (the workers inherit the variable).
 */
export default async function setup(): Promise<() => void> {
  buildSpaIfStale();
  const template = await seededDataDir();
  process.env[SEEDED_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
