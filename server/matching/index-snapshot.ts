import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import {
  DateColumn,
  LanguagesColumn,
  LocationColumn,
  MultiColumn,
  NumberColumn,
  SelectColumn,
} from './columns';
import { ProfileIndex } from './profile-index';

/**
 * A built ProfileIndex on disk (DATA_DIR), so a process that starts cold loads it in about a second
 * and reads only the profiles changed since (the delta refresh from its watermark) instead of
 * rebuilding from every profile (~30 s at 1 M). The file is V8's structured-clone format: typed
 * arrays and Maps as they are, class instances as plain objects whose prototypes are put back here.
 * Correctness rests on the refresh rules, not on the file: the catalogue checksums and the profiles
 * table's OID must match (a restored backup has a new table), the watermark must not be ahead of the
 * database, the snapshot must be younger than half the tombstone retention, and `key` names the
 * database it was read from.
 */

const FORMAT = 1;

export interface IndexSnapshot {
  index: ProfileIndex;
  watermark: number;
  catalogSums: string;
  /** When the index was last refreshed (ms since the epoch). */
  refreshedAt: number;
}

interface StoredSnapshot extends IndexSnapshot {
  format: number;
  key: string;
}

const COLUMN_CLASSES: Record<string, { prototype: object }> = {
  select: SelectColumn,
  multi: MultiColumn,
  number: NumberColumn,
  date: DateColumn,
  languages: LanguagesColumn,
  location: LocationColumn,
};

/** Writes the snapshot beside a temporary name, then renames: a reader never sees half a file. */
export async function saveIndexSnapshot(path: string, key: string, snapshot: IndexSnapshot): Promise<void> {
  const stored: StoredSnapshot = { format: FORMAT, key, ...snapshot };
  const bytes = serialize(stored);
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

/** The snapshot at `path` if there is one for this database and format, else null. */
export async function loadIndexSnapshot(path: string, key: string): Promise<IndexSnapshot | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return null;
  }
  let stored: StoredSnapshot;
  try {
    stored = deserialize(bytes) as StoredSnapshot;
  } catch {
    return null;
  }
  if (stored?.format !== FORMAT || stored.key !== key || !stored.index) return null;
  const index = Object.setPrototypeOf(stored.index, ProfileIndex.prototype) as ProfileIndex;
  // A file written before the index counted its changes.
  if (typeof index.changes !== 'number') index.changes = 0;
  for (const column of index.columns.values()) {
    const type = COLUMN_CLASSES[(column as { kind: string }).kind];
    if (!type) return null;
    Object.setPrototypeOf(column, type.prototype);
  }
  return {
    index,
    watermark: stored.watermark,
    catalogSums: stored.catalogSums,
    refreshedAt: stored.refreshedAt,
  };
}
