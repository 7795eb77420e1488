import { type Context, Hono } from 'hono';
import { PROFILE } from '../../contract/endpoints/profile';
import { isAgentType } from '../../contract/user-types';
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
  type Owner,
  profileKindOf,
  readProfile,
  readStatus,
  setStatus,
  type UpdateResult,
  updateProfile,
} from '../profiles/profiles';
import { conflictResponse } from './conflict';
import { type RouteEnv, routeAdapter } from './route-adapter';

type Env = RouteEnv;

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
 * The caller's own profile, company profile, matching status and photo (contract/endpoints/profile.ts).
 * Every call acts on the signed-in account only: no path names another account's record.
 */
export function profileRoutes(deps: ProfileRoutesDeps) {
  const { db, storage } = deps;
  const app = new Hono<Env>();
  const on = routeAdapter(app, deps.tokens);

  const ownKind = (owner: Owner) => profileKindOf(owner.userType);

  const servePhoto = (size: PhotoSize) => async (c: Context<Env>, id: string) => {
    const claims = c.get('claims');
    const found = await readPhoto(db, storage, id, size);
    // Someone else's photo answers like one that does not exist.
    if (!found || (found.userId !== claims.sub && !isAgentType(claims.user_type))) throw notFound();
    c.header('Content-Type', 'image/jpeg');
    c.header('Content-Disposition', `inline; filename="${size === 'thumb' ? 'photo-thumb' : 'photo'}.jpg"`);
    return c.body(new Uint8Array(found.bytes));
  };

  on(PROFILE.read, async (c) => {
    const owner = ownerOf(c);
    return c.json(await readProfile(db, ownKind(owner), owner));
  });
  on(PROFILE.save, async (c, { body }) => {
    const owner = ownerOf(c);
    return answer(c, await updateProfile(db, ownKind(owner), owner, body));
  });
  on(PROFILE.company, async (c) => c.json(await readProfile(db, 'company', ownerOf(c))));
  on(PROFILE.saveCompany, async (c, { body }) =>
    answer(c, await updateProfile(db, 'company', ownerOf(c), body)),
  );
  on(PROFILE.status, async (c) => c.json(await readStatus(db, ownerOf(c))));
  on(PROFILE.setStatus, async (c, { body }) => c.json(await setStatus(db, ownerOf(c), body.status)));
  on(PROFILE.presentationConsent, async (c) => c.json(await readPresentationConsent(db, ownerOf(c))));
  on(PROFILE.setPresentationConsent, async (c, { body }) =>
    c.json(await setPresentationConsent(db, ownerOf(c), body.consented, new Date())),
  );
  on(PROFILE.uploadPhoto, async (c) => {
    const owner = ownerOf(c);
    const file = await uploadedFile(c);
    checkFileName(file.name);
    const processed = await processPhoto(new Uint8Array(await file.arrayBuffer()));
    const image = await replacePhoto(db, storage, owner.userId, processed, c.get('log'));
    return c.json({ image }, 201);
  });
  on(PROFILE.deletePhoto, async (c) => {
    const owner = ownerOf(c);
    if (!(await deletePhoto(db, storage, owner.userId, c.get('log')))) {
      throw new ApiError(404, 'photo.not_found', 'No photo to delete');
    }
    return c.body(null, 204);
  });
  on(PROFILE.card, async (c) => {
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
    return c.body(new Uint8Array(pdf));
  });
  on(PROFILE.photo, (c, { params }) => servePhoto('photo')(c, params.id));
  on(PROFILE.photoThumb, (c, { params }) => servePhoto('thumb')(c, params.id));
  return app;
}
