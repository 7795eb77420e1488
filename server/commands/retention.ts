import { join } from 'node:path';
import { loadConfig } from '../config';
import { runRetention } from '../maintenance/retention';
import { FilePhotoStorage } from '../profiles/photo-storage';
import { openMigratedDatabase } from '../runtime';
import { options } from './args';

/**
 * `retention [--now ISO] [--dry-run]`: prints every notice and deletion retention does at `--now`
 * (default: now) and does them, or with --dry-run only prints them (PRODUCT.md §8).
 */
export async function run(args: string[]): Promise<number> {
  const parsed = options(args, { now: { type: 'string' }, 'dry-run': { type: 'boolean' } });
  if ('error' in parsed) {
    process.stderr.write(`${parsed.error}\nusage: npm run cli -- retention [--now ISO] [--dry-run]\n`);
    return 2;
  }
  const now = parsed.now === undefined ? new Date() : new Date(parsed.now);
  if (Number.isNaN(now.getTime())) {
    process.stderr.write(`--now is no date: ${parsed.now}\n`);
    return 2;
  }
  const dryRun = parsed['dry-run'] === true;
  const config = loadConfig();
  const handle = await openMigratedDatabase(config);
  try {
    const report = await runRetention(handle.db, {
      months: config.retentionMonths,
      now,
      dryRun,
      publicOrigin: config.publicOrigin,
      storage: new FilePhotoStorage(join(config.dataDir, 'photos')),
    });
    const verb = dryRun ? 'would' : 'did';
    process.stdout.write(
      `retention at ${now.toISOString()} (RETENTION_MONTHS=${config.retentionMonths})${dryRun ? ', dry run' : ''}\n`,
    );
    for (const item of report.notices)
      process.stdout.write(
        `notice  ${item.kind} ${item.id} (${item.type}) last active ${item.lastActivity}, deletion ${item.dueAt}\n`,
      );
    for (const item of report.deletions)
      process.stdout.write(
        `delete  ${item.kind} ${item.id} (${item.type}) last active ${item.lastActivity}\n`,
      );
    process.stdout.write(
      `${verb}: ${report.notices.length} notice(s), ${report.deletions.length} deletion(s)\n`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}
