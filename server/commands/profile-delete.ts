import { join } from 'node:path';
import { isUuid } from '../../contract/agent';
import type { ErasurePreview, ErasureReason } from '../../contract/erasure';
import { ERASURE_REASONS } from '../../contract/erasure';
import { erase, erasurePreview, findRecords } from '../agents/erasure';
import { loadConfig } from '../config';
import { ApiError } from '../errors';
import { FilePhotoStorage } from '../profiles/photo-storage';
import { openMigratedDatabase } from '../runtime';
import { options } from './args';

const USAGE =
  'usage: npm run cli -- profile:delete (--email <address> | --uuid <uuid>) [--reason erasure_request|duplicate|no_longer_needed|other] [--yes]\n';

/** The preview in words, one line a thing: what the operator checks before --yes. */
function describe(preview: ErasurePreview): string {
  const lines = [
    `${preview.kind} ${preview.uuid} "${preview.name}"${preview.email ? ` <${preview.email}>` : ''}`,
    `  account and all its sessions: ${preview.account ? 'yes' : 'none'}`,
    `  photo: ${preview.photo ? 'yes' : 'none'}`,
    `  timeline entries: ${preview.timelineEntries}`,
  ];
  if (preview.kind === 'candidate')
    lines.push(`  pipeline entries: ${preview.pipelineEntries} (each job's history stays, anonymised)`);
  else {
    lines.push(`  contacts: ${preview.contacts}`);
    lines.push(`  jobs it is the client of: ${preview.jobs} (they stay, without a client)`);
    for (const job of preview.activeJobs)
      lines.push(`  ACTIVE job ${job.uuid} "${job.title}": archive it first`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `profile:delete (--email <address> | --uuid <uuid>) [--reason …] [--yes]`: an erasure request
 * (DSGVO Art. 17) met by an operator (issue 42). Without --yes it only prints what would go; with
 * it, the record goes as an agent's deletion does (server/agents/erasure.ts), recorded as the
 * operator's with the reason (default erasure_request). Exit 1 when no record or several match, or
 * the deletion is refused; 2 on a usage error.
 */
export async function run(args: string[]): Promise<number> {
  const parsed = options(args, {
    email: { type: 'string' },
    uuid: { type: 'string' },
    reason: { type: 'string' },
    yes: { type: 'boolean' },
  });
  if ('error' in parsed) {
    process.stderr.write(`${parsed.error}\n${USAGE}`);
    return 2;
  }
  const reason = (parsed.reason ?? 'erasure_request') as ErasureReason;
  const by =
    parsed.uuid !== undefined ? { uuid: parsed.uuid } : parsed.email ? { email: parsed.email } : null;
  const problem =
    (parsed.uuid !== undefined) === (parsed.email !== undefined) || !by
      ? 'give exactly one of --email and --uuid'
      : parsed.uuid !== undefined && !isUuid(parsed.uuid)
        ? `--uuid is no uuid: ${parsed.uuid}`
        : !ERASURE_REASONS.includes(reason)
          ? `--reason is one of ${ERASURE_REASONS.join(', ')}`
          : null;
  if (problem || !by) {
    process.stderr.write(`${problem}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const handle = await openMigratedDatabase(config);
  try {
    const found = await findRecords(handle.db, by);
    if (found.length !== 1) {
      process.stderr.write(
        found.length === 0
          ? 'no candidate or company matches\n'
          : `${found.length} records match; name one with --uuid:\n${found.map((r) => `  ${r.kind} ${r.id}\n`).join('')}`,
      );
      return 1;
    }
    const [{ kind, id }] = found as [(typeof found)[number]];
    const operator = { operator: true } as const;
    const preview = await erasurePreview(handle.db, operator, kind, id);
    process.stdout.write(describe(preview));
    if (parsed.yes !== true) {
      process.stdout.write(`dry run: nothing deleted; add --yes to delete it (reason ${reason})\n`);
      return 0;
    }
    try {
      await erase(handle.db, operator, kind, id, { reason }, new Date(), {
        storage: new FilePhotoStorage(join(config.dataDir, 'photos')),
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      process.stderr.write(`refused: ${error.message}\n`);
      return 1;
    }
    process.stdout.write(`deleted (reason ${reason}); the deletion is recorded without personal data\n`);
    return 0;
  } finally {
    await handle.close();
  }
}
