import { AccountExportSchema, ResetCheckResponseSchema } from '../../../contract/account';
import { BATCH_ANSWER_MAX_BYTES, BATCH_MAX_CALLS, BatchAnswerSchema } from '../../../contract/batch';
import { BATCHABLE_PATHS } from '../../../contract/batch-paths';
import { ErrorCode } from '../../../contract/errors';
import {
  AgencySchema,
  ConsentsResponseSchema,
  LegalErrorCode,
  LegalIndexSchema,
  LegalTextQuerySchema,
  LegalTextResponseSchema,
} from '../../../contract/legal';
import { InvitationInfoSchema } from '../../../contract/people';
import { LoginCodeStatusSchema, TokenClaimsSchema, TokenPairSchema } from '../../../contract/session';
import { created, media, noContent, type OperationDoc, ok, op, section } from '../operation-doc';

const tokens = ok(TokenPairSchema);
const limited = [ErrorCode.rateLimited] as const;

/** An invitation link that is unknown or replaced (404), used or expired (409). */
const invitationLink = {
  404: ['invitation.not_found'],
  409: ['invitation.used', 'invitation.expired'],
} as const;
const newPassword = ['password.weak', 'password.contains_email'] as const;
const wrongPassword = ['password.wrong_current'] as const;
/** What a JSON Schema cannot check of a password or a mailed link: the server's records. */
const CURRENT_PASSWORD = {
  description: "The current password must be the account's: else 400 `password.wrong_current`.",
};
const PHONE_RULE =
  'The number is parsed for its country and line (libphonenumber): a mobile number of a supported country, not premium-rate; else 400 `phone.invalid`, `phone.not_mobile`, `phone.premium_rate` or `phone.country_not_supported`.';
const MAILED_TOKEN = (code: string) => ({
  description: `The token is the one of a mail sent by the server: an unknown, used or expired one answers 400 \`${code}\`.`,
});
const phoneRefused = [
  'phone.invalid',
  'phone.not_mobile',
  'phone.premium_rate',
  'phone.country_not_supported',
] as const;

/** The system, session, account and legal calls, and the development outbox. */
export const ACCOUNT_OPERATIONS: Record<string, OperationDoc> = {
  ...section('system', {
    'GET /api/health': op('Health: 200 while the database answers, 503 otherwise'),
    'GET /api/openapi.json': op('This API description (OpenAPI 3.1)'),
    'GET /api/docs': op('The interactive API reference (Swagger UI)', { status: 200, media: 'text/html' }),
    'GET /api/docs/{file}': op(
      "A file of the API reference page (Swagger UI's script and style, our init script)",
      { status: 200, media: 'application/octet-stream' },
      { 404: [ErrorCode.notFound] },
    ),
  }),
  ...section('session', {
    'POST /api/login': op(
      'Log in with e-mail and password; with SMS protection the tokens are pending until /login/2fa',
      tokens,
      { 401: ['login.invalid_credentials'], 429: limited },
    ),
    'POST /api/login/2fa': op('Complete a login with the SMS code', tokens, {
      401: ['login.wrong_2FA_code'],
    }),
    'GET /api/login/2fa': op(
      'When the pending login may ask for a new SMS code (null: now)',
      ok(LoginCodeStatusSchema),
    ),
    'POST /api/login/2fa/resend': op('Send a new SMS code', noContent, { 429: limited }),
    'POST /api/login/refresh': op('New tokens for a refresh token (rotated)', tokens, {
      401: ['refresh.invalid', 'refresh.reused'],
    }),
    'POST /api/logout': op('End the session of a refresh token', noContent),
    'GET /api/session': op("The access token's claims", ok(TokenClaimsSchema)),
    'POST /api/batch': op(
      "Several GET calls in one request, each answered as alone with the batch's credentials (a signed-in page's first data)",
      ok(BatchAnswerSchema),
      {},
      {
        description: `A batch holds only the calls a signed-in page makes first, each at most once and at most ${BATCH_MAX_CALLS}: paths (with any query) matching ${BATCHABLE_PATHS.map((p) => `\`${p.source}\``).join(', ')}. Anything else is 400 \`request.invalid\` with \`fields.paths\`, and nothing is asked. An answer larger than ${BATCH_ANSWER_MAX_BYTES} bytes comes back as \`{ path, status: 413 }\`.`,
      },
    ),
    'GET /api/public/jwk': op('The public keys that verify access tokens (JWKS)', {
      status: 200,
      media: 'application/json',
      description: 'A JSON Web Key Set',
    }),
  }),
  ...section('account', {
    'PUT /api/public/user/create': op('Register an account', created(TokenPairSchema), {
      400: newPassword,
      409: ['email.taken'],
      429: limited,
    }),
    'POST /api/public/retention/keep': op(
      "Keep an account after the retention notice (the mail's link)",
      noContent,
      { 400: ['keep.invalid_token'] },
      MAILED_TOKEN('keep.invalid_token'),
    ),
    'GET /api/public/user/validate/{token}': op(
      'Confirm the e-mail address',
      tokens,
      { 400: ['validation.invalid_token'] },
      MAILED_TOKEN('validation.invalid_token'),
    ),
    'GET /api/public/invitation/{token}': op(
      "Whom an agent's invitation is for, while it may be accepted",
      ok(InvitationInfoSchema),
      invitationLink,
    ),
    'POST /api/public/invitation/{token}': op(
      'Accept an invitation: set a password, accept the terms, take the profile over (signed in at once)',
      created(TokenPairSchema),
      { 400: newPassword, 404: invitationLink[404], 409: [...invitationLink[409], 'email.taken'] },
    ),
    'GET /api/public/user/validate/user/{token}': op(
      'Confirm the e-mail address (the variant with a user segment)',
      tokens,
      { 400: ['validation.invalid_token'] },
      MAILED_TOKEN('validation.invalid_token'),
    ),
    'GET /api/user/create/resend': op('Send the validation mail again', noContent, {
      409: ['registration.already_validated'],
      429: limited,
    }),
    'PUT /api/user/registration/email': op(
      'Correct the address while its validation is awaited; mails a new link',
      tokens,
      { 409: ['email.taken', 'registration.already_validated'], 429: limited },
      {
        description:
          'Counts as a resend (60 s apart, 10 a day); the old link stops working. The pair replaces the session.',
      },
    ),
    'PUT /api/user/2fa/save-phone': op(
      'Set the SMS number; sends a code',
      noContent,
      {
        400: phoneRefused,
        403: ['phone.email_not_validated'],
        409: ['registration.wrong_step'],
        429: limited,
      },
      { description: PHONE_RULE },
    ),
    'POST /api/user/2fa/save-phone/resend': op('Send a new code', noContent, {
      409: ['phone.no_pending'],
      429: limited,
    }),
    'PUT /api/user/2fa/save-phone/confirm': op(
      'Confirm the number with the code: SMS protection on',
      tokens,
      {
        401: ['login.wrong_2FA_code'],
        409: ['phone.no_pending'],
      },
    ),
    'POST /api/user/2fa/skip': op('Skip SMS protection during registration', tokens, {
      409: ['registration.wrong_step'],
    }),
    'DELETE /api/user/2fa': op(
      'Switch SMS protection off',
      tokens,
      { 400: wrongPassword, 429: limited },
      CURRENT_PASSWORD,
    ),
    'POST /api/user/registration/next': op('Advance the registration step', tokens, {
      409: ['registration.wrong_step', 'registration.step_not_ready'],
    }),
    'POST /api/public/user/reset-password': op('Mail a password reset link', noContent, { 429: limited }),
    'GET /api/public/user/reset-password/check/{token}': op(
      'Whether a reset link is still good',
      ok(ResetCheckResponseSchema),
      { 400: ['reset.invalid_token'] },
      MAILED_TOKEN('reset.invalid_token'),
    ),
    'PUT /api/public/user/reset-password': op(
      'Set a new password with a reset link',
      noContent,
      { 400: ['reset.invalid_token', ...newPassword] },
      MAILED_TOKEN('reset.invalid_token'),
    ),
    'PUT /api/user/password': op(
      'Change the password',
      tokens,
      { 400: [...wrongPassword, ...newPassword], 429: limited },
      CURRENT_PASSWORD,
    ),
    'PUT /api/user/phone': op(
      'Change the SMS number; sends a code',
      noContent,
      { 400: [...wrongPassword, ...phoneRefused], 429: limited },
      { description: `${CURRENT_PASSWORD.description} ${PHONE_RULE}` },
    ),
    'GET /api/user/export': op('Everything held about the user (GDPR Art. 15/20)', ok(AccountExportSchema)),
    'DELETE /api/user': op(
      'Delete the account',
      noContent,
      { 400: wrongPassword, 429: limited },
      CURRENT_PASSWORD,
    ),
  }),
  ...section('legal', {
    'GET /api/public/agency': op('The agency running this Matchwerk (AGENCY_* settings)', ok(AgencySchema)),
    'GET /api/public/text': op('The legal texts with their versions in force', ok(LegalIndexSchema)),
    'GET /api/public/text/{name}': op(
      'A legal text in German or English (Markdown and HTML)',
      ok(LegalTextResponseSchema),
      { 404: [LegalErrorCode.unknownText] },
      { query: LegalTextQuerySchema },
    ),
    'GET /api/user/consents': op(
      'Accepted versions against the versions in force; mustAccept asks again',
      ok(ConsentsResponseSchema),
    ),
    'POST /api/user/accept': op('Accept the version in force of a legal text', ok(ConsentsResponseSchema), {
      409: [LegalErrorCode.versionOutdated],
    }),
  }),
  ...section('development', {
    'GET /api/dev/outbox': op(
      'Mails and SMS queued (not in production); only to a loopback peer, anyone else gets 404',
      media('application/json'),
      { 404: [ErrorCode.notFound] },
    ),
  }),
};
