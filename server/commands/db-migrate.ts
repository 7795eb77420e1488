import { loadConfig } from '../config';
import { openMigratedDatabase } from '../runtime';

export async function run(): Promise<number> {
  const config = loadConfig();
  const handle = await openMigratedDatabase(config);
  await handle.close();
  process.stdout.write(`migrations applied (${handle.driver})\n`);
  return 0;
}
