import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The user's words for the server's and the forms' error codes (contract/errors.ts and domain codes). */
const MESSAGES: Record<string, MessageDescriptor> = {
  'login.invalid_credentials': msg`E-mail address or password is not right, or the login is locked for a few minutes. Please try again.`,
  'login.wrong_2FA_code': msg`This code is not right or no longer valid. Check the SMS or ask for a new code.`,
  'request.rate_limited': msg`Too many attempts. Please wait a moment and try again.`,
  'refresh.invalid': msg`Your session has ended. Please log in again.`,
  'refresh.reused': msg`Your session has ended. Please log in again.`,
  'network.unreachable': msg`Matchwerk cannot be reached. Check your connection and try again.`,
  'server.database_unavailable': msg`Matchwerk is briefly unavailable. Please try again in a moment.`,
  'server.internal': msg`Something went wrong on our side. Please try again.`,
  'email.required': msg`Please enter your e-mail address.`,
  'email.invalid': msg`Please enter a valid e-mail address, such as name@example.com.`,
  'email.too_long': msg`This e-mail address is too long.`,
  'password.required': msg`Please enter your password.`,
  'password.too_long': msg`This password is too long.`,
  'code.required': msg`Please enter the code from the SMS.`,
  'code.format': msg`The code has six digits.`,
  'field.required': msg`Please fill in this field.`,
  'field.unknown': msg`This field does not belong here.`,
  'field.invalid_type': msg`This value has the wrong form.`,
  'field.option_unknown': msg`Please choose one of the offered options.`,
  'field.duplicate': msg`Each entry may appear only once.`,
  'field.too_many': msg`Too many entries are chosen.`,
  'field.too_long': msg`This text is too long.`,
  'field.too_small': msg`This value is too small.`,
  'field.too_large': msg`This value is too large.`,
  'field.step_mismatch': msg`Please enter a value in the allowed steps.`,
  'field.date_invalid': msg`Please enter a valid date.`,
  'field.level_unknown': msg`Please choose a level.`,
  'field.location_invalid': msg`Please choose a place from the list.`,
  'profile.version_conflict': msg`Someone saved this profile in the meantime.`,
  'photo.type_unsupported': msg`Please choose a JPEG, PNG or WebP picture.`,
  'photo.invalid': msg`This file is not a picture we can read.`,
  'photo.too_many_pixels': msg`This picture is too large (at most 25 megapixels).`,
  'photo.name_invalid': msg`This file name cannot be used. Please rename the file.`,
  'photo.missing': msg`Please choose a picture first.`,
  'photo.not_found': msg`There is no photo to delete.`,
  'request.too_large': msg`This file is too large (at most 5 MB).`,
  'email.taken': msg`An account with this e-mail address exists already. Log in, or reset its password.`,
  'password.too_short': msg`The password needs at least 10 characters.`,
  'password.weak': msg`This password is too easy to guess. Try a longer passphrase of unrelated words.`,
  'password.contains_email': msg`The password must not contain your e-mail address.`,
  'password.wrong_current': msg`Your current password is not right.`,
  'category.invalid': msg`Please choose how you register.`,
  'language.unsupported': msg`Please choose German or English.`,
  'accepted.missing': msg`Please accept both to register.`,
  'phone.invalid': msg`This is not a valid mobile number for the chosen country.`,
  'phone.no_pending': msg`Please enter your number first; then we send a code.`,
  'validation.invalid_token': msg`This link is not valid any more: it was used already, has expired, or a newer one was sent.`,
  'registration.already_validated': msg`Your e-mail address is confirmed already.`,
  'registration.wrong_step': msg`This step is already done. Please reload the page.`,
  'registration.step_not_ready': msg`Please fill in all required fields first.`,
  'reset.invalid_token': msg`This link is not valid any more. Please ask for a new one.`,
};

const FALLBACK = msg`Something went wrong. Please try again.`;

export function errorMessage(i18n: I18n, code: string | null | undefined): string {
  return i18n._(code ? (MESSAGES[code] ?? FALLBACK) : FALLBACK);
}
