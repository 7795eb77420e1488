import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, rateLimits, refreshTokens } from '../db/schema/auth';
import { emailTokens } from '../db/schema/registration';
import { users } from '../db/schema/users';
import { createTestDb } from '../db/test-db';
import { setUpFixture } from '../db/test-fixture';
import { FilePhotoStorage } from '../profiles/photo-storage';
import { replacePhoto } from '../profiles/photos';
import {
  PHOTO_FILE_GRACE_MS,
  RATE_LIMIT_MAX_WINDOW_MS,
  REFRESH_FAMILY_KEPT_MS,
  runSweeps,
  sweepCodes,
  sweepEmailTokens,
  sweepPhotoFiles,
  sweepRateLimits,
  sweepRefreshTokens,
} from './sweeps';

const db = setUpFixture(createTestDb);
let dir: string;
let storage: FilePhotoStorage;
const userId = crypto.randomUUID();
const now = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'matchwerk-sweep-'));
  storage = new FilePhotoStorage(dir);
  await db.db
    .insert(users)
    .values({ id: userId, email: 'sweep@example.com', passwordHash: 'x', userType: 'candidate' });
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

function age(name: string, ms: number): void {
  const when = ago(ms);
  utimesSync(join(dir, name), when, when);
}

describe('the photo file sweep', () => {
  it('removes old files no row owns and old temporary files; keeps current photos, young files and foreign files', async () => {
    const url = await replacePhoto(db.db, storage, userId, {
      photo: Buffer.from('photo'),
      thumb: Buffer.from('thumb'),
    });
    const current = url.split('/').pop() ?? '';
    const orphan = crypto.randomUUID();
    const young = crypto.randomUUID();
    await storage.put(`${orphan}.jpg`, Buffer.from('o'));
    await storage.put(`${orphan}-thumb.jpg`, Buffer.from('o'));
    await storage.put(`${young}.jpg`, Buffer.from('y'));
    writeFileSync(join(dir, `${orphan}.jpg.0a1b2c3d4e5f.tmp`), 'half');
    writeFileSync(join(dir, `${young}.jpg.0a1b2c3d4e5f.tmp`), 'half');
    writeFileSync(join(dir, 'notes.txt'), 'not ours');
    const old = PHOTO_FILE_GRACE_MS + 60_000;
    for (const name of [
      `${current}.jpg`,
      `${current}-thumb.jpg`,
      `${orphan}.jpg`,
      `${orphan}-thumb.jpg`,
      `${orphan}.jpg.0a1b2c3d4e5f.tmp`,
      'notes.txt',
    ])
      age(name, old);
    age(`${young}.jpg`, PHOTO_FILE_GRACE_MS - 60_000);
    age(`${young}.jpg.0a1b2c3d4e5f.tmp`, PHOTO_FILE_GRACE_MS - 60_000);

    expect(await sweepPhotoFiles(db.db, storage, now)).toBe(3);
    expect(readdirSync(dir).sort()).toEqual(
      [
        `${current}-thumb.jpg`,
        `${current}.jpg`,
        `${young}.jpg`,
        `${young}.jpg.0a1b2c3d4e5f.tmp`,
        'notes.txt',
      ].sort(),
    );
    expect((await storage.get(`${current}.jpg`))?.toString()).toBe('photo');
    // Idempotent: a second sweep finds nothing.
    expect(await sweepPhotoFiles(db.db, storage, now)).toBe(0);
  });

  it('is safe when several processes sweep the same directory at once', async () => {
    const orphans = Array.from({ length: 20 }, () => crypto.randomUUID());
    for (const id of orphans) {
      await storage.put(`${id}.jpg`, Buffer.from('o'));
      age(`${id}.jpg`, PHOTO_FILE_GRACE_MS + 1000);
    }
    const removed = await Promise.all([1, 2, 3].map(() => sweepPhotoFiles(db.db, storage, now)));
    expect(removed.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(20);
    for (const id of orphans) expect(existsSync(join(dir, `${id}.jpg`))).toBe(false);
  });

  it('finds nothing in a directory that does not exist yet', async () => {
    expect(await sweepPhotoFiles(db.db, new FilePhotoStorage(join(dir, 'none')), now)).toBe(0);
  });
});

describe('the database sweeps', () => {
  it('remove expired e-mail tokens (used or not) and keep live ones', async () => {
    const token = (expiresAt: Date, usedAt: Date | null = null) => ({
      id: crypto.randomUUID(),
      userId,
      purpose: 'reset',
      tokenHash: crypto.randomUUID(),
      createdAt: ago(7200_000),
      expiresAt,
      usedAt,
    });
    const live = token(new Date(now.getTime() + 60_000));
    await db.db.insert(emailTokens).values([token(ago(1000)), token(ago(1000), ago(2000)), live]);
    expect(await sweepEmailTokens(db.db, now)).toBe(2);
    expect((await db.db.select({ id: emailTokens.id }).from(emailTokens)).map((r) => r.id)).toEqual([
      live.id,
    ]);
    expect(await sweepEmailTokens(db.db, now)).toBe(0);
  });

  it('remove expired one-time codes and keep live ones', async () => {
    const code = (expiresAt: Date) => ({
      id: crypto.randomUUID(),
      userId,
      purpose: 'login',
      codeHmac: 'x',
      createdAt: ago(600_000),
      expiresAt,
    });
    const live = code(new Date(now.getTime() + 60_000));
    await db.db.insert(oneTimeCodes).values([code(ago(1)), live]);
    expect(await sweepCodes(db.db, now)).toBe(1);
    expect((await db.db.select({ id: oneTimeCodes.id }).from(oneTimeCodes)).map((r) => r.id)).toEqual([
      live.id,
    ]);
  });

  it('remove rate-limit rows whose window ended and keep the others', async () => {
    await db.db.insert(rateLimits).values([
      { key: 'old', windowStart: ago(RATE_LIMIT_MAX_WINDOW_MS + 1000), count: 5 },
      { key: 'day', windowStart: ago(RATE_LIMIT_MAX_WINDOW_MS - 1000), count: 5 },
      { key: 'now', windowStart: ago(1000), count: 1 },
    ]);
    expect(await sweepRateLimits(db.db, now)).toBe(1);
    expect((await db.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort()).toEqual([
      'day',
      'now',
    ]);
  });

  it('runSweeps runs every sweep and reports the counts', async () => {
    await db.db
      .insert(rateLimits)
      .values({ key: 'stale', windowStart: ago(RATE_LIMIT_MAX_WINDOW_MS * 2), count: 1 });
    const counts = await runSweeps(db.db, storage, now);
    expect(counts).toEqual({ photoFiles: 0, emailTokens: 0, codes: 0, rateLimits: 1, refreshTokens: 0 });
  });

  it('remove the refresh tokens of families that ended over a day ago, and keep live and recently ended ones', async () => {
    const family = (familyExpiresAt: Date, revokedAt: Date | null = null, rows = 2) => {
      const familyId = crypto.randomUUID();
      return Array.from({ length: rows }, (_, i) => ({
        id: crypto.randomUUID(),
        familyId,
        userId,
        tokenHash: crypto.randomUUID(),
        createdAt: ago(40 * 86_400_000),
        familyExpiresAt,
        // Every row but the newest was rotated: a live family keeps them, to catch a stolen one's reuse.
        usedAt: i < rows - 1 ? ago(86_400_000) : null,
        revokedAt,
      }));
    };
    const later = new Date(now.getTime() + 10 * 86_400_000);
    const expiredLongAgo = family(ago(REFRESH_FAMILY_KEPT_MS + 60_000));
    const expiredToday = family(ago(REFRESH_FAMILY_KEPT_MS - 60_000));
    const loggedOutLongAgo = family(later, ago(REFRESH_FAMILY_KEPT_MS + 60_000));
    const loggedOutToday = family(later, ago(60_000));
    const live = family(later, null, 3);
    await db.db
      .insert(refreshTokens)
      .values([...expiredLongAgo, ...expiredToday, ...loggedOutLongAgo, ...loggedOutToday, ...live]);
    expect(await sweepRefreshTokens(db.db, now)).toBe(4);
    const left = new Set((await db.db.select({ id: refreshTokens.id }).from(refreshTokens)).map((r) => r.id));
    expect(left).toEqual(new Set([...expiredToday, ...loggedOutToday, ...live].map((r) => r.id)));
    expect(await sweepRefreshTokens(db.db, now)).toBe(0);
  });
});
