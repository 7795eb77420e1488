import { readdir, rm } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { decodeJwt } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../contract/errors';
import type { ProfileResponse } from '../../contract/profile';
import { photos } from '../db/schema/accounts';
import { users } from '../db/schema/users';
import type { PhotoStorage } from '../profiles/photo-storage';
import { FilePhotoStorage } from '../profiles/photo-storage';
import { processPhoto, replacePhoto } from '../profiles/photos';
import { createProfileFixture } from './profile-test-kit';

let f: Awaited<ReturnType<typeof createProfileFixture>>;
let alice: string;
let bob: string;
let jpeg: Buffer;

beforeAll(async () => {
  f = await createProfileFixture();
  jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => f.close());
beforeEach(async () => {
  await f.db.db.delete(users);
  await rm(f.photoDir, { recursive: true, force: true });
  alice = await f.signIn('alice@photo.test', 'stella');
  bob = await f.signIn('bob@photo.test', 'stella');
});

function upload(token: string, bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('data', new File([new Uint8Array(bytes)], name, { type }));
  return f.app.request('/api/profile/photo', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function imageOf(token: string): Promise<string | null> {
  const res = await f.request('GET', '/api/profile', token);
  return ((await res.json()) as ProfileResponse).image;
}

const storedFiles = async () => (await readdir(f.photoDir).catch(() => [] as string[])).sort();

/** A valid PNG header claiming a size, with a tiny body: enough for a decoder to read the size. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/profile/photo', () => {
  it('stores a 512 × 512 photo and a 128 × 128 thumbnail, served to the owner with nosniff', async () => {
    const res = await upload(alice, jpeg);
    expect(res.status).toBe(201);
    const { image } = (await res.json()) as { image: string };
    expect(image).toMatch(/^\/api\/profile\/photo\/[0-9a-f-]{36}$/);
    expect(await imageOf(alice)).toBe(image);

    const photo = await f.request('GET', image, alice);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
    expect(photo.headers.get('content-disposition')).toBe('inline; filename="photo.jpg"');
    expect(await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 512,
      height: 512,
    });
    const thumb = await f.request('GET', `${image}/thumb`, alice);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({
      width: 128,
      height: 128,
    });
    expect(await storedFiles()).toHaveLength(2);
  });

  it('recognises PNG and WebP by their bytes, whatever the name and type header say', async () => {
    const png = await sharp({ create: { width: 300, height: 900, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    expect((await upload(alice, png, 'blob', 'application/octet-stream')).status).toBe(201);
    const webp = await sharp(jpeg).webp().toBuffer();
    expect((await upload(alice, webp, 'photo.jpg', 'image/jpeg')).status).toBe(201);
    expect(await storedFiles()).toHaveLength(2);
  });

  it('carries the photo URL in the next token and drops it after DELETE', async () => {
    const { image } = (await (await upload(alice, jpeg)).json()) as { image: string };
    expect(decodeJwt(await f.signIn('alice@photo.test', 'stella')).image).toBe(image);
    const removed = await f.request('DELETE', '/api/profile/photo', alice);
    expect(removed.status).toBe(204);
    expect(await imageOf(alice)).toBeNull();
    expect((await f.request('GET', image, alice)).status).toBe(404);
    expect(await storedFiles()).toEqual([]);
    expect(decodeJwt(await f.signIn('alice@photo.test', 'stella')).image).toBeNull();
    expect((await f.request('DELETE', '/api/profile/photo', alice)).status).toBe(404);
  });

  it('removes EXIF, GPS included, from a real JPEG', async () => {
    const withGps = await sharp(jpeg)
      .withExif({
        IFD0: { Make: 'Spy Camera' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '52/1 31/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '13/1 24/1 0/1',
        },
      })
      .jpeg()
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif?.includes(Buffer.from('Spy Camera'))).toBe(true);
    const { image } = (await (await upload(alice, withGps)).json()) as { image: string };
    const served = Buffer.from(await (await f.request('GET', image, alice)).arrayBuffer());
    const after = await sharp(served).metadata();
    expect(after.exif).toBeUndefined();
    expect(served.includes(Buffer.from('Spy Camera'))).toBe(false);
    expect(served.includes(Buffer.from('GPS'))).toBe(false);
  });

  describe('refuses every attack with 4xx and stores nothing', () => {
    const attacks: [
      string,
      () => Promise<{ bytes: Uint8Array; name: string; type: string }>,
      number,
      string,
    ][] = [
      [
        'a GIF that is also JavaScript',
        async () => ({
          bytes: Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\xff\x00,*/=1;alert(document.domain);//', 'latin1'),
          name: 'x.gif',
          type: 'image/gif',
        }),
        400,
        'photo.name_invalid',
      ],
      [
        'the same GIF named like a JPEG',
        async () => ({
          bytes: Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\xff\x00,*/=1;alert(document.domain);//', 'latin1'),
          name: 'x.jpg',
          type: 'image/jpeg',
        }),
        400,
        'photo.type_unsupported',
      ],
      [
        'x.jpg.php holding PHP',
        async () => ({
          bytes: Buffer.from('<?php system($_GET["c"]); ?>'),
          name: 'x.jpg.php',
          type: 'image/jpeg',
        }),
        400,
        'photo.name_invalid',
      ],
      [
        'x.jpg.php holding a real JPEG',
        async () => ({ bytes: jpeg, name: 'x.jpg.php', type: 'image/jpeg' }),
        400,
        'photo.name_invalid',
      ],
      [
        'an SVG with a script',
        async () => ({
          bytes: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          ),
          name: 'x.png',
          type: 'image/svg+xml',
        }),
        400,
        'photo.type_unsupported',
      ],
      [
        'a 14 000 × 14 000 PNG',
        async () => ({ bytes: pngClaiming(14_000, 14_000), name: 'big.png', type: 'image/png' }),
        400,
        'photo.too_many_pixels',
      ],
      [
        'a 6 MB file',
        async () => ({
          bytes: Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024)]),
          name: 'huge.jpg',
          type: 'image/jpeg',
        }),
        413,
        'request.too_large',
      ],
      [
        'a truncated JPEG',
        async () => {
          const noisy = await sharp(
            Buffer.alloc(400 * 400 * 3, 0).map((_, i) => (i * 7919) % 251),
            {
              raw: { width: 400, height: 400, channels: 3 },
            },
          )
            .jpeg()
            .toBuffer();
          return {
            bytes: noisy.subarray(0, Math.floor(noisy.length / 2)),
            name: 'cut.jpg',
            type: 'image/jpeg',
          };
        },
        400,
        'photo.invalid',
      ],
      [
        'a file named ../../x.png',
        async () => ({
          bytes: await sharp(jpeg).png().toBuffer(),
          name: '../../x.png',
          type: 'image/png',
        }),
        400,
        'photo.name_invalid',
      ],
    ];

    for (const [what, make, status, code] of attacks) {
      it(what, async () => {
        const { bytes, name, type } = await make();
        const res = await upload(alice, bytes, name, type);
        expect(res.status).toBe(status);
        expect(((await res.json()) as ErrorBody).code).toBe(code);
        expect(await storedFiles()).toEqual([]);
        expect(await f.db.db.select().from(photos)).toEqual([]);
        expect(await imageOf(alice)).toBeNull();
      });
    }
  });

  it('answers 413 for a body over the limit before reading it all', async () => {
    const res = await f.app.request('/api/profile/photo', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${alice}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
      },
      body: 'x',
    });
    expect(res.status).toBe(413);
  });

  it('refuses a request without the data field', async () => {
    const form = new FormData();
    form.append('photo', new File([new Uint8Array(jpeg)], 'p.jpg'));
    const res = await f.app.request('/api/profile/photo', {
      method: 'POST',
      headers: { authorization: `Bearer ${alice}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).fields).toEqual({ data: ['field.required'] });
  });

  it('keeps the first photo when a second upload fails', async () => {
    const { image } = (await (await upload(alice, jpeg)).json()) as { image: string };
    const files = await storedFiles();
    const first = Buffer.from(await (await f.request('GET', image, alice)).arrayBuffer());
    expect((await upload(alice, jpeg.subarray(0, 200))).status).toBe(400);
    expect(await imageOf(alice)).toBe(image);
    expect(Buffer.from(await (await f.request('GET', image, alice)).arrayBuffer())).toEqual(first);
    expect(await storedFiles()).toEqual(files);
  });

  it('keeps the first photo and leaves no orphan file when storing the second fails midway', async () => {
    const { image } = (await (await upload(alice, jpeg)).json()) as { image: string };
    const files = await storedFiles();
    const real = new FilePhotoStorage(f.photoDir);
    const failing: PhotoStorage = {
      put: async (key, data) => {
        if (key.endsWith('-thumb.jpg')) throw new Error('disk full');
        await real.put(key, data);
      },
      get: (key) => real.get(key),
      delete: (key) => real.delete(key),
    };
    const [user] = await f.db.db.select().from(photos);
    const processed = await processPhoto(jpeg);
    await expect(replacePhoto(f.db.db, failing, user!.userId, processed)).rejects.toThrow('disk full');
    expect(await imageOf(alice)).toBe(image);
    expect(await storedFiles()).toEqual(files);
  });

  it('does not let user B read or delete user A photo', async () => {
    const { image } = (await (await upload(alice, jpeg)).json()) as { image: string };
    expect((await f.request('GET', image, bob)).status).toBe(404);
    expect((await f.request('GET', `${image}/thumb`, bob)).status).toBe(404);
    expect((await f.request('DELETE', '/api/profile/photo', bob)).status).toBe(404);
    expect((await f.request('GET', image, alice)).status).toBe(200);
    expect((await f.app.request(image)).status).toBe(401);
    const agent = await f.signIn('agent@photo.test', 'agent');
    expect((await f.request('GET', image, agent)).status).toBe(200);
  });
});
