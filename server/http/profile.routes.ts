import { type Context, Hono } from 'hono';
import {
  PresentationConsentBodySchema,
  ProfileStatusSchema,
  ProfileUpdateSchema,
} from '../../contract/profile';
import { isAgentType } from '../../contract/user-types';
import { type AuthVariables, requireUser } from '../auth/middleware';
import type { TokenSettings } from '../auth/tokens';
import { renderCompanyCard, renderProfileCard } from '../cards/profile-card';
import { cardTexts } from '../cards/texts';
import { readCatalog } from '../catalog/catalog';
import type { AgencyConfig } from '../config';
import type { Database } from '../db/client';
import { ApiError, notFound } from '../errors';
import type { PhotoStorage } from '../profiles/photo-storage';
import {
  checkFileName,
  deletePhoto,
  MAX_PHOTO_BYTES,
  ownPhoto,
  type PhotoSize,
  photoTooLarge,
  processPhoto,
  readPhoto,
  replacePhoto,
} from '../profiles/photos';
import { readPresentationConsent, setPresentationConsent } from '../profiles/presentation-consent';
import {
  assertCandidate,
  assertCompany,
  type Owner,
  type ProfileKind,
  profileKindOf,
  readProfile,
  readStatus,
  setStatus,
  type UpdateResult,
  updateProfile,
} from '../profiles/profiles';
import { conflictResponse } from './conflict';
import type { AppEnv } from './env';
import { jsonBody } from './validate';

type Env = AppEnv & { Variables: AuthVariables };

export interface ProfileRoutesDeps {
  db: Database;
  tokens: TokenSettings;
  storage: PhotoStorage;
  /** The agency whose name heads the cards. */
  agency: Pick<AgencyConfig, 'name'>;
}

/** The only /api path exempt from the 1 MB JSON body limit; it streams up to MAX_PHOTO_BYTES itself. */
export const PHOTO_UPLOAD_PATH = '/api/profile/photo';

/** Room for the multipart boundary and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const ownerOf = (c: Context<Env>): Owner => {
  const claims = c.get('claims');
  return { userId: claims.sub, userType: claims.user_type };
};

/** 409 keeps the standard error fields and adds the profile as it is now. */
function answer(c: Context<Env>, result: UpdateResult) {
  c.header('Cache-Control', 'no-store');
  if (result.ok) return c.json(result.profile);
  return conflictResponse(c, 'profile.version_conflict', result.current);
}

/** Reads the request body, refusing it (413) as soon as it grows past `limit`, before it is all in. */
async function readLimited(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw photoTooLarge();
  const reader = request.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw photoTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function uploadedFile(c: Context<Env>): Promise<File> {
  const type = c.req.header('content-type') ?? '';
  const missing = new ApiError(400, 'photo.missing', 'Send the photo as multipart field "data"', {
    data: ['field.required'],
  });
  if (!/^multipart\/form-data\b/i.test(type)) throw missing;
  const body = await readLimited(c.req.raw, MAX_PHOTO_BYTES + MULTIPART_OVERHEAD);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw missing;
  }
  const file = form.get('data');
  if (!(file instanceof File)) throw missing;
  if (file.size > MAX_PHOTO_BYTES) throw photoTooLarge();
  return file;
}

/**
 * The caller's own profile, company profile, matching status and photo (issue "Profiles"). Every
 * call acts on the signed-in account only: no path names another account's record.
 */
export function profileRoutes(deps: ProfileRoutesDeps) {
  const signedIn = requireUser(deps.tokens);
  const { db, storage } = deps;

  const read = (kind: (owner: Owner) => ProfileKind) => async (c: Context<Env>) => {
    const owner = ownerOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await readProfile(db, kind(owner), owner));
  };
  const companyKind = (owner: Owner): ProfileKind => {
    assertCompany(owner);
    return 'company';
  };
  const ownKind = (owner: Owner) => profileKindOf(owner.userType);

  const servePhoto = (size: PhotoSize) => async (c: Context<Env>) => {
    const claims = c.get('claims');
    const found = await readPhoto(db, storage, c.req.param('id') ?? '', size);
    // Someone else's photo answers like one that does not exist.
    if (!found || (found.userId !== claims.sub && !isAgentType(claims.user_type))) throw notFound();
    c.header('Content-Type', 'image/jpeg');
    c.header('Content-Disposition', `inline; filename="${size === 'thumb' ? 'photo-thumb' : 'photo'}.jpg"`);
    c.header('Cache-Control', 'private, max-age=86400, immutable');
    return c.body(new Uint8Array(found.bytes));
  };

  return new Hono<Env>()
    .get('/profile', signedIn, read(ownKind))
    .put('/profile', signedIn, jsonBody(ProfileUpdateSchema), async (c) => {
      const owner = ownerOf(c);
      return answer(c, await updateProfile(db, ownKind(owner), owner, c.req.valid('json')));
    })
    .get('/company', signedIn, read(companyKind))
    .put('/company', signedIn, jsonBody(ProfileUpdateSchema), async (c) => {
      const owner = ownerOf(c);
      return answer(c, await updateProfile(db, companyKind(owner), owner, c.req.valid('json')));
    })
    .get('/profile/status', signedIn, async (c) => {
      const owner = ownerOf(c);
      assertCandidate(owner);
      c.header('Cache-Control', 'no-store');
      return c.json(await readStatus(db, owner));
    })
    .post('/profile/status', signedIn, jsonBody(ProfileStatusSchema), async (c) => {
      const owner = ownerOf(c);
      assertCandidate(owner);
      return c.json(await setStatus(db, owner, c.req.valid('json').status));
    })
    .get('/profile/presentation-consent', signedIn, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await readPresentationConsent(db, ownerOf(c)));
    })
    .put('/profile/presentation-consent', signedIn, jsonBody(PresentationConsentBodySchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      const { consented } = c.req.valid('json');
      return c.json(await setPresentationConsent(db, ownerOf(c), consented, new Date()));
    })
    .post('/profile/photo', signedIn, async (c) => {
      const owner = ownerOf(c);
      const file = await uploadedFile(c);
      checkFileName(file.name);
      const processed = await processPhoto(new Uint8Array(await file.arrayBuffer()));
      const image = await replacePhoto(db, storage, owner.userId, processed, c.get('log'));
      return c.json({ image }, 201);
    })
    .delete('/profile/photo', signedIn, async (c) => {
      const owner = ownerOf(c);
      if (!(await deletePhoto(db, storage, owner.userId, c.get('log')))) {
        throw new ApiError(404, 'photo.not_found', 'No photo to delete');
      }
      return c.body(null, 204);
    })
    .get('/profile/card/pdf', signedIn, async (c) => {
      const owner = ownerOf(c);
      const language = c.get('claims').language;
      // A company gets a company card (its company profile), a candidate the profile card.
      const company = owner.userType === 'company';
      const kind = company ? 'company' : profileKindOf(owner.userType);
      const [profile, catalog, photo] = await Promise.all([
        readProfile(db, kind, owner),
        readCatalog(db),
        ownPhoto(db, storage, owner.userId),
      ]);
      const render = company ? renderCompanyCard : renderProfileCard;
      const pdf = await render({
        values: profile.values,
        fields: company ? catalog.company : catalog.profile,
        language,
        photo,
        agency: deps.agency.name,
      });
      const texts = cardTexts[language];
      c.header('Content-Type', 'application/pdf');
      c.header(
        'Content-Disposition',
        `attachment; filename="${company ? texts.companyFileName : texts.fileName}"`,
      );
      c.header('Cache-Control', 'no-store');
      return c.body(new Uint8Array(pdf));
    })
    .get('/profile/photo/:id', signedIn, servePhoto('photo'))
    .get('/profile/photo/:id/thumb', signedIn, servePhoto('thumb'));
}
