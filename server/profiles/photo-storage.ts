import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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

/** A file the storage itself writes: a photo key, or the temporary name of one being written. */
export interface StoredFile {
  name: string;
  /** The photo id the file belongs to. */
  photoId: string;
  temporary: boolean;
  modifiedAt: Date;
}

const STORED_NAME =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-thumb)?\.jpg(\.[0-9a-f]+\.tmp)?$/;

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

  /** The photo and temporary files in the directory (for the sweep); other files are not listed. */
  async files(): Promise<StoredFile[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const listed = await Promise.all(
      names.map(async (name): Promise<StoredFile | null> => {
        const match = STORED_NAME.exec(name);
        if (!match?.[1]) return null;
        try {
          const { mtime } = await stat(join(this.dir, name));
          return { name, photoId: match[1], temporary: match[3] !== undefined, modifiedAt: mtime };
        } catch {
          return null; // removed meanwhile (by a request or another process's sweep)
        }
      }),
    );
    return listed.filter((file): file is StoredFile => file !== null);
  }

  /** Removes a listed file (a key or a temporary name); a missing file is not an error. */
  async remove(name: string): Promise<void> {
    if (!STORED_NAME.test(name)) throw new Error(`not a photo file ${JSON.stringify(name)}`);
    await rm(join(this.dir, name), { force: true });
  }
}
