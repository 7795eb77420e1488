import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ErrorCode } from '../../contract/errors';
import type { Database } from '../db/client';
import { photos } from '../db/schema/accounts';
import { ApiError } from '../errors';
import type { Logger } from '../log';
import type { PhotoStorage } from './photo-storage';

/** Upload limits (issue "Profiles"): the file's bytes, and pixels checked from the header before decoding. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 25_000_000;
export const PHOTO_SIZE = 512;
export const THUMB_SIZE = 128;

export type PhotoSize = 'photo' | 'thumb';

/** The URL the token's `image` claim and the profile's `image` carry; fetched with the bearer token. */
export function photoUrl(photoId: string): string {
  return `/api/profile/photo/${photoId}`;
}

const keyOf = (photoId: string, size: PhotoSize) =>
  size === 'thumb' ? `${photoId}-thumb.jpg` : `${photoId}.jpg`;

const refused = (code: string, message: string) => new ApiError(400, code, message, { data: [code] });
export const photoTooLarge = () =>
  new ApiError(413, ErrorCode.payloadTooLarge, `Photo larger than ${MAX_PHOTO_BYTES} bytes`);

type ImageType = 'jpeg' | 'png' | 'webp';

/** The type the bytes say, whatever the name or Content-Type claim. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

const SAFE_NAME = /^[^/\\]{1,255}$/;
const IMAGE_EXTENSION = /\.(jpe?g|png|webp)$/i;

/**
 * The client's file name is never used, but a name that tries a path or a second, executable
 * extension (`../../x.png`, `x.jpg.php`) marks a hostile upload: refuse it rather than guess.
 */
export function checkFileName(name: string): void {
  const hasExtension = /\.[^.]*$/.test(name) && !/^\.[^.]*$/.test(name);
  if (
    [...name].some((ch) => ch.charCodeAt(0) < 0x20) ||
    !SAFE_NAME.test(name) ||
    name.includes('..') ||
    (hasExtension && !IMAGE_EXTENSION.test(name))
  ) {
    throw refused('photo.name_invalid', 'File name not accepted');
  }
}

/**
 * Recognises a JPEG, PNG or WebP by its bytes, refuses more than 25 megapixels before decoding, and
 * re-encodes it (so no metadata survives: EXIF, GPS, ICC comments) to a 512 × 512 centre crop and a
 * 128 × 128 thumbnail, both JPEG (what browsers and the PDF card all read).
 */
export async function processPhoto(bytes: Uint8Array): Promise<{ photo: Buffer; thumb: Buffer }> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw photoTooLarge();
  const type = sniffImageType(bytes);
  if (!type) throw refused('photo.type_unsupported', 'Only JPEG, PNG and WebP photos are accepted');
  const input = () => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' });
  let width: number | undefined;
  let height: number | undefined;
  let format: string | undefined;
  try {
    ({ width, height, format } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw refused('photo.invalid', 'The photo cannot be read');
  }
  if (format !== type || !width || !height) throw refused('photo.invalid', 'The photo cannot be read');
  if (width * height > MAX_PHOTO_PIXELS) {
    throw refused('photo.too_many_pixels', `Photo larger than ${MAX_PHOTO_PIXELS} pixels`);
  }
  try {
    const photo = await input()
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
    const thumb = await sharp(photo).resize(THUMB_SIZE, THUMB_SIZE).jpeg({ quality: 80 }).toBuffer();
    return { photo, thumb };
  } catch {
    throw refused('photo.invalid', 'The photo cannot be read');
  }
}

/** The photo URL of an account, or null: one primary-key lookup (also used when signing tokens). */
export async function photoUrlOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: photos.id }).from(photos).where(eq(photos.userId, userId));
  return row ? photoUrl(row.id) : null;
}

async function removeFiles(storage: PhotoStorage, photoId: string): Promise<void> {
  await Promise.all([storage.delete(keyOf(photoId, 'photo')), storage.delete(keyOf(photoId, 'thumb'))]);
}

/**
 * Makes a processed photo the account's photo: new files first, then the row is swapped in one
 * transaction, then the old files go. Any failure before the commit removes the new files and
 * leaves the old photo as it was.
 */
export async function replacePhoto(
  db: Database,
  storage: PhotoStorage,
  userId: string,
  files: { photo: Buffer; thumb: Buffer },
  log?: Logger,
): Promise<string> {
  const photoId = crypto.randomUUID();
  let previous: string | undefined;
  try {
    await storage.put(keyOf(photoId, 'photo'), files.photo);
    await storage.put(keyOf(photoId, 'thumb'), files.thumb);
    previous = await db.transaction(async (tx) => {
      const [old] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(eq(photos.userId, userId))
        .for('update');
      await tx
        .insert(photos)
        .values({ userId, id: photoId })
        .onConflictDoUpdate({ target: photos.userId, set: { id: photoId, createdAt: sql`now()` } });
      return old?.id;
    });
  } catch (error) {
    await removeFiles(storage, photoId).catch((cleanup: unknown) =>
      log?.error({ err: cleanup, photoId }, 'could not remove the files of a failed photo upload'),
    );
    throw error;
  }
  if (previous) await removeOld(storage, previous, log);
  return photoUrl(photoId);
}

async function removeOld(storage: PhotoStorage, photoId: string, log?: Logger): Promise<void> {
  // The change is committed; a leftover file is only garbage, so it must not fail the request.
  await removeFiles(storage, photoId).catch((error: unknown) =>
    log?.warn({ err: error, photoId }, 'could not remove the files of a replaced photo'),
  );
}

/** Removes the files of a photo whose row is already gone (account deletion, after its commit). */
export async function deletePhotoFiles(storage: PhotoStorage, photoId: string, log?: Logger): Promise<void> {
  await removeOld(storage, photoId, log);
}

/** DELETE /api/profile/photo: answers whether there was a photo. */
export async function deletePhoto(
  db: Database,
  storage: PhotoStorage,
  userId: string,
  log?: Logger,
): Promise<boolean> {
  const [old] = await db.delete(photos).where(eq(photos.userId, userId)).returning({ id: photos.id });
  if (!old) return false;
  await removeOld(storage, old.id, log);
  return true;
}

/** The bytes of a photo and its owner, or null when no current photo has that id. */
export async function readPhoto(
  db: Database,
  storage: PhotoStorage,
  photoId: string,
  size: PhotoSize,
): Promise<{ userId: string; bytes: Buffer } | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(photoId)) return null;
  const [row] = await db.select({ userId: photos.userId }).from(photos).where(eq(photos.id, photoId));
  if (!row) return null;
  const bytes = await storage.get(keyOf(photoId, size));
  return bytes ? { userId: row.userId, bytes } : null;
}

/** The account's current 512 × 512 photo (for the profile card), or null. */
export async function ownPhoto(db: Database, storage: PhotoStorage, userId: string): Promise<Buffer | null> {
  const [row] = await db.select({ id: photos.id }).from(photos).where(eq(photos.userId, userId));
  return row ? storage.get(keyOf(row.id, 'photo')) : null;
}
