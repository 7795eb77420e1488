import { loadConfig } from '../config';
import { DEMO_ACCOUNTS, seedDemo } from '../demo/seed';
import { openMigratedDatabase } from '../runtime';

export async function run(): Promise<number> {
  const config = loadConfig();
  const handle = await openMigratedDatabase(config);
  try {
    const created = await seedDemo(handle.db);
    process.stdout.write(
      `demo data: ${created} of ${DEMO_ACCOUNTS.length} accounts created (the rest existed)\n`,
    );
  } finally {
    await handle.close();
  }
  return 0;
}
