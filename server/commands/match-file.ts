// `npm run cli -- match:file --job job.json --profiles profiles.ndjson [--top N] [--with-excluded]`:
// scores profiles from files against a job, without a database, and prints NDJSON in rank order.
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import type { Catalog } from '../../contract/catalog';
import { buildCriteriaSchema, buildValuesSchema } from '../../contract/catalog-schema';
import { fieldErrors } from '../../contract/field-errors';
import type { MatchJob } from '../../contract/matching';
import { CANDIDATE_TYPES } from '../../contract/user-types';
import { loadCatalogFile } from '../catalog/catalog';
import { analyseIndex } from '../matching/analysis';
import { type IndexedProfile, ProfileIndex, parseUuid } from '../matching/profile-index';

const USAGE =
  'usage: npm run cli -- match:file --job job.json --profiles profiles.ndjson [--top N] [--with-excluded]\n';

/** Input the command refuses: reported as one line, exit code 2. */
class InputError extends Error {}

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
}

const stdio: Io = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };

export async function run(
  args: string[],
  io: Io = stdio,
  catalog: Catalog = loadCatalogFile(),
): Promise<number> {
  let options: { job: string; profiles: string; top: number | undefined; withExcluded: boolean };
  try {
    options = parseOptions(args);
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  try {
    const job = readJob(options.job, catalog);
    const index = await readProfiles(options.profiles, catalog);
    const top = options.top ?? index.size;
    // The included profiles in rank order, then (asked for) the excluded ones in theirs.
    const { results, excluded } = analyseIndex(index, job, {
      topK: top,
      excluded: options.withExcluded ? top : 0,
    });
    const lines = [...results, ...excluded].map((r) => JSON.stringify(r));
    io.out(lines.length > 0 ? `${lines.join('\n')}\n` : '');
    return 0;
  } catch (error) {
    if (error instanceof InputError) {
      io.err(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

function parseOptions(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      job: { type: 'string' },
      profiles: { type: 'string' },
      top: { type: 'string' },
      'with-excluded': { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.job) throw new Error('--job is required');
  if (!values.profiles) throw new Error('--profiles is required');
  let top: number | undefined;
  if (values.top !== undefined) {
    top = Number(values.top);
    if (!Number.isInteger(top) || top < 1) throw new Error('--top must be a whole number ≥ 1');
  }
  return { job: values.job, profiles: values.profiles, top, withExcluded: values['with-excluded'] === true };
}

function describe(where: string, issues: readonly v.BaseIssue<unknown>[], prefix = ''): string {
  const [field, codes] = Object.entries(fieldErrors(issues))[0] ?? ['_', ['field.invalid_type']];
  return `${where}: ${prefix}${field}: ${codes.join(', ')}`;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputError(`${where}: not JSON (${(error as Error).message})`);
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

const TargetTypesSchema = v.pipe(
  v.array(v.picklist(CANDIDATE_TYPES, 'field.option_unknown'), 'field.invalid_type'),
  v.minLength(1, 'field.required'),
);

function readJob(path: string, catalog: Catalog): MatchJob {
  const schema = v.strictObject(
    {
      targetTypes: v.optional(TargetTypesSchema, () => ['stella' as const]),
      criteria: buildCriteriaSchema(catalog.job),
    },
    (issue) => (issue.expected === 'never' ? 'field.unknown' : 'field.required'),
  );
  const parsed = v.safeParse(schema, parseJson(readText(path), path));
  if (!parsed.success) throw new InputError(describe(path, parsed.issues));
  return parsed.output as MatchJob;
}

const ProfileLineSchema = v.strictObject(
  {
    uuid: v.pipe(
      v.string('field.invalid_type'),
      v.check((s) => parseUuid(s) !== null, 'field.uuid_invalid'),
    ),
    type: v.picklist(CANDIDATE_TYPES, 'field.option_unknown'),
    status: v.picklist(['active', 'inactive'], 'field.option_unknown'),
    values: v.record(v.string(), v.unknown(), 'field.invalid_type'),
  },
  (issue) => (issue.expected === 'never' ? 'field.unknown' : 'field.required'),
);

async function readProfiles(path: string, catalog: Catalog): Promise<ProfileIndex> {
  const valueSchemas = new Map(
    CANDIDATE_TYPES.map((type) => [
      type,
      buildValuesSchema('profile', catalog.profile, { userType: type, partial: true }),
    ]),
  );
  const index = new ProfileIndex(catalog);
  const seen = new Set<string>();
  const stream = createReadStream(path, 'utf8');
  const opened = new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', (error: NodeJS.ErrnoException) =>
      reject(new InputError(`${path}: cannot read (${error.code ?? 'error'})`)),
    );
  });
  await opened;
  let lineNumber = 0;
  for await (const line of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    lineNumber++;
    if (line.trim() === '') continue;
    const where = `${path}:${lineNumber}`;
    const parsed = v.safeParse(ProfileLineSchema, parseJson(line, where));
    if (!parsed.success) throw new InputError(describe(where, parsed.issues));
    const { uuid, type, status, values } = parsed.output;
    const key = uuid.toLowerCase();
    if (seen.has(key)) throw new InputError(`${where}: uuid: duplicate (${uuid})`);
    seen.add(key);
    const checked = v.safeParse(valueSchemas.get(type)!, values);
    if (!checked.success) throw new InputError(describe(where, checked.issues, 'values.'));
    const profile: IndexedProfile = { uuid: key, type, status, values: checked.output };
    index.upsert(profile);
  }
  return index;
}
