import * as v from 'valibot';
import { CATALOGUE_RULE, CatalogFieldsSchema, CitiesQuerySchema, CityHitSchema } from '../catalog';
import { ErrorCode } from '../errors';
import {
  CompanyProfileResponseSchema,
  PhotoUploadAnswerSchema,
  PresentationConsentBodySchema,
  PresentationConsentSchema,
  ProfileConflictSchema,
  ProfileResponseSchema,
  ProfileStatusResponseSchema,
  ProfileStatusSchema,
  ProfileUpdateSchema,
} from '../profile';
import { ID, route } from '../route-table';

/** Catalogues change only when a server starts with a new file; a few minutes of caching is safe. */
const CATALOG_CACHE = 'private, max-age=300';

/** The field catalogues (SEED-SPEC §7) and the city search of the forms. */
export const CATALOG = {
  profileFields: route({
    method: 'GET',
    path: '/api/profile/data',
    answer: { status: 200, json: CatalogFieldsSchema },
    cache: CATALOG_CACHE,
    who: 'signedIn',
    tag: 'catalogue',
    summary: "The profile field catalogue of the caller's type (an agent may ask ?type=luna|stella|nova)",
  }),
  companyFields: route({
    method: 'GET',
    path: '/api/company/data',
    answer: { status: 200, json: CatalogFieldsSchema },
    cache: CATALOG_CACHE,
    who: 'signedIn',
    tag: 'catalogue',
    summary: 'The company field catalogue',
  }),
  jobFields: route({
    method: 'GET',
    path: '/api/job/data',
    answer: { status: 200, json: CatalogFieldsSchema },
    cache: CATALOG_CACHE,
    who: 'signedIn',
    tag: 'catalogue',
    summary: 'The job field catalogue',
  }),
  cities: route({
    method: 'GET',
    path: '/api/catalog/cities',
    query: CitiesQuerySchema,
    answer: { status: 200, json: v.array(CityHitSchema) },
    cache: 'private, max-age=3600',
    who: 'signedIn',
    tag: 'catalogue',
    summary: 'Cities whose name starts with q',
  }),
} as const;

/** Someone else's photo answers like one that does not exist. */
const PHOTO_NOT_FOUND = { 404: [ErrorCode.notFound] } as const;

/** The caller's own profile or company profile, matching status, consent, photo and card. */
export const PROFILE = {
  read: route({
    method: 'GET',
    path: '/api/profile',
    answer: { status: 200, json: ProfileResponseSchema },
    who: 'signedIn',
    tag: 'profile',
    summary: "The caller's own profile",
  }),
  save: route({
    method: 'PUT',
    path: '/api/profile',
    body: ProfileUpdateSchema,
    answer: { status: 200, json: ProfileResponseSchema },
    errors: { 409: ['profile.version_conflict'] },
    conflict: ProfileConflictSchema,
    who: 'signedIn',
    tag: 'profile',
    summary: 'Save profile fields (409 on a version conflict)',
    description: CATALOGUE_RULE,
  }),
  company: route({
    method: 'GET',
    path: '/api/company',
    answer: { status: 200, json: CompanyProfileResponseSchema },
    who: 'company',
    tag: 'profile',
    summary: "A company user's company profile, and whether the caller may change it (not a contact's login)",
  }),
  saveCompany: route({
    method: 'PUT',
    path: '/api/company',
    body: ProfileUpdateSchema,
    answer: { status: 200, json: CompanyProfileResponseSchema },
    errors: { 403: ['company.main_login_only'], 409: ['profile.version_conflict'] },
    conflict: ProfileConflictSchema,
    who: 'company',
    tag: 'profile',
    summary: 'Save company profile fields (409 on a version conflict)',
    description: CATALOGUE_RULE,
  }),
  status: route({
    method: 'GET',
    path: '/api/profile/status',
    answer: { status: 200, json: ProfileStatusResponseSchema },
    who: 'candidate',
    tag: 'profile',
    summary: 'Matching on or off, and whether the agency paused the profile',
  }),
  setStatus: route({
    method: 'POST',
    path: '/api/profile/status',
    body: ProfileStatusSchema,
    answer: { status: 200, json: ProfileStatusResponseSchema },
    errors: { 409: ['profile.blocked'] },
    who: 'candidate',
    tag: 'profile',
    summary: 'Switch matching on or off (on: 409 while the agency blocks the profile)',
  }),
  presentationConsent: route({
    method: 'GET',
    path: '/api/profile/presentation-consent',
    answer: { status: 200, json: PresentationConsentSchema },
    who: 'candidate',
    tag: 'profile',
    summary:
      'Candidates: whether they consented to be presented to clients by name (the full card), since when',
  }),
  setPresentationConsent: route({
    method: 'PUT',
    path: '/api/profile/presentation-consent',
    body: PresentationConsentBodySchema,
    answer: { status: 200, json: PresentationConsentSchema },
    who: 'candidate',
    tag: 'profile',
    summary: 'Candidates: give or withdraw the consent to be presented to clients by name',
  }),
  uploadPhoto: route({
    method: 'POST',
    path: '/api/profile/photo',
    rawBody: { media: 'multipart/form-data', description: 'The image in the form field `data`' },
    answer: { status: 201, json: PhotoUploadAnswerSchema },
    errors: {
      400: [
        'photo.missing',
        'photo.name_invalid',
        'photo.type_unsupported',
        'photo.invalid',
        'photo.too_many_pixels',
      ],
    },
    who: 'signedIn',
    tag: 'profile',
    summary: 'Upload the profile photo (JPEG, PNG or WebP, at most 5 MB)',
  }),
  deletePhoto: route({
    method: 'DELETE',
    path: '/api/profile/photo',
    answer: { status: 204 },
    errors: { 404: ['photo.not_found'] },
    who: 'signedIn',
    tag: 'profile',
    summary: 'Delete the profile photo',
  }),
  card: route({
    method: 'GET',
    path: '/api/profile/card/pdf',
    answer: { status: 200, media: 'application/pdf' },
    who: 'signedIn',
    tag: 'profile',
    summary: 'The profile card as PDF',
  }),
  photo: route({
    method: 'GET',
    path: '/api/profile/photo/{id}',
    params: { id: ID },
    answer: { status: 200, media: 'image/jpeg' },
    errors: PHOTO_NOT_FOUND,
    cache: 'private, max-age=86400, immutable',
    who: 'signedIn',
    tag: 'profile',
    summary: 'A photo',
  }),
  photoThumb: route({
    method: 'GET',
    path: '/api/profile/photo/{id}/thumb',
    params: { id: ID },
    answer: { status: 200, media: 'image/jpeg' },
    errors: PHOTO_NOT_FOUND,
    cache: 'private, max-age=86400, immutable',
    who: 'signedIn',
    tag: 'profile',
    summary: "A photo's thumbnail",
  }),
} as const;
