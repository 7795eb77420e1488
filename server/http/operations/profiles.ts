import { CatalogFieldsSchema } from '../../../contract/catalog';
import { ErrorCode } from '../../../contract/errors';
import {
  CompanyProfileResponseSchema,
  PresentationConsentSchema,
  ProfileConflictSchema,
  ProfileResponseSchema,
  ProfileStatusResponseSchema,
} from '../../../contract/profile';
import {
  CATALOGUE_RULE,
  forbidden,
  media,
  noContent,
  type OperationDoc,
  ok,
  op,
  section,
} from '../operation-doc';

/** Someone else's photo answers like one that does not exist. */
const photo = { 404: [ErrorCode.notFound] } as const;

/** The field catalogues and the caller's own profile, photo and card. */
export const PROFILE_OPERATIONS: Record<string, OperationDoc> = {
  ...section('catalogue', {
    'GET /api/profile/data': op(
      "The profile field catalogue of the caller's type (an agent may ask ?type=luna|stella|nova)",
      ok(CatalogFieldsSchema),
    ),
    'GET /api/company/data': op('The company field catalogue', ok(CatalogFieldsSchema)),
    'GET /api/job/data': op('The job field catalogue', ok(CatalogFieldsSchema)),
    'GET /api/catalog/cities': op('Cities whose name starts with q', {
      status: 200,
      media: 'application/json',
    }),
  }),
  ...section('profile', {
    'GET /api/profile': op("The caller's own profile", ok(ProfileResponseSchema)),
    'PUT /api/profile': op(
      'Save profile fields (409 on a version conflict)',
      ok(ProfileResponseSchema),
      { 409: ['profile.version_conflict'] },
      { conflict: ProfileConflictSchema, description: CATALOGUE_RULE },
    ),
    'GET /api/company': op(
      "A company user's company profile, and whether the caller may change it (not a contact's login)",
      ok(CompanyProfileResponseSchema),
      { 403: forbidden },
    ),
    'PUT /api/company': op(
      'Save company profile fields (409 on a version conflict)',
      ok(CompanyProfileResponseSchema),
      { 403: [...forbidden, 'company.main_login_only'], 409: ['profile.version_conflict'] },
      { conflict: ProfileConflictSchema, description: CATALOGUE_RULE },
    ),
    'GET /api/profile/status': op(
      'Matching on or off, and whether the agency paused the profile',
      ok(ProfileStatusResponseSchema),
      { 403: forbidden },
    ),
    'POST /api/profile/status': op(
      'Switch matching on or off (on: 409 while the agency blocks the profile)',
      ok(ProfileStatusResponseSchema),
      { 403: forbidden, 409: ['profile.blocked'] },
    ),
    'GET /api/profile/presentation-consent': op(
      'Candidates: whether they consented to be presented to clients by name (the full card), since when',
      ok(PresentationConsentSchema),
      { 403: forbidden },
    ),
    'PUT /api/profile/presentation-consent': op(
      'Candidates: give or withdraw the consent to be presented to clients by name',
      ok(PresentationConsentSchema),
      { 403: forbidden },
    ),
    'POST /api/profile/photo': op(
      'Upload the profile photo (JPEG, PNG or WebP, at most 5 MB)',
      { status: 201, media: 'application/json' },
      {
        400: [
          'photo.missing',
          'photo.name_invalid',
          'photo.type_unsupported',
          'photo.invalid',
          'photo.too_many_pixels',
        ],
      },
      { rawBody: { media: 'multipart/form-data', description: 'The image in the form field `data`' } },
    ),
    'DELETE /api/profile/photo': op('Delete the profile photo', noContent, { 404: ['photo.not_found'] }),
    'GET /api/profile/card/pdf': op('The profile card as PDF', media('application/pdf')),
    'GET /api/profile/photo/{id}': op('A photo', media('image/jpeg'), photo),
    'GET /api/profile/photo/{id}/thumb': op("A photo's thumbnail", media('image/jpeg'), photo),
  }),
};
