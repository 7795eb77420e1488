import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where photo files live. Small on purpose, so an object store can replace the directory: keys are
 * server-chosen (`<uuid>.jpg`, `<uuid>-thumb.jpg`), never taken from a request.
 */
export interface PhotoStorage {
  /** Stores the whole file or nothing. */
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.jpg$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid photo key ${JSON.stringify(key)}`);
  return key;
}

/** Files in one directory (default `DATA_DIR/photos`); a write goes to a temporary name and is renamed. */
export class FilePhotoStorage implements PhotoStorage {
  constructor(private readonly dir: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const target = join(this.dir, checkKey(key));
    await mkdir(this.dir, { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, data, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(join(this.dir, checkKey(key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(join(this.dir, checkKey(key)), { force: true });
  }
}
