import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import * as v from 'valibot';
import { FieldError } from './field-errors';

/**
 * Phone numbers, the one way they are read (libphonenumber's full metadata: a number is valid when
 * its digits fit its country's plan, not only its length): the private 2FA number
 * (server/account/phone.ts) and a candidate's catalogue field `phone` (PRODUCT.md §11) alike.
 * Stored in E.164 (+4915123456789); shown to a reader nationally when it is a number of the
 * agency's home country, else internationally.
 */

/** The country a number typed without +/00 belongs to: the agency's (German numbers, "0151 …"). */
export const PHONE_COUNTRY = 'DE';

/** Longest text taken as a phone number (E.164 has at most 15 digits; spaces, brackets, dashes). */
export const PHONE_MAX_LENGTH = 40;

/**
 * A number as a person types it: national for `country` ("0151 23456789"), or international with
 * + or 00 ("+43 664 …", "0043 664 …"). Undefined when it cannot be read at all; check `isValid()`.
 */
export function parsePhone(text: string, country: string = PHONE_COUNTRY): PhoneNumber | undefined {
  const code = country.toUpperCase();
  if (!isSupportedCountry(code) || text.length > PHONE_MAX_LENGTH) return undefined;
  return parsePhoneNumberFromString(text.replace(/^\s*00/, '+'), code as CountryCode);
}

/** The E.164 form of a valid number ("+4915123456789"), or null. */
export function toE164(text: string, country: string = PHONE_COUNTRY): string | null {
  const parsed = parsePhone(text, country);
  return parsed?.isValid() ? parsed.number : null;
}

/** A stored number as a reader sees it: "01512 3456789" at home, "+43 664 1234567" abroad. */
export function phoneForReader(e164: string, country: string = PHONE_COUNTRY): string {
  const parsed = parsePhone(e164, country);
  if (!parsed?.isValid()) return e164;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * A stored number as dialled from the home country, for files a spreadsheet opens (where a leading
 * + starts a formula): "01512 3456789" at home, "00 43 664 1234567" abroad.
 */
export function phoneToDial(e164: string, country: string = PHONE_COUNTRY): string {
  const parsed = parsePhone(e164, country);
  if (!parsed?.isValid()) return e164;
  // 00 is the international prefix of Germany, Austria and Switzerland (and of most of Europe).
  return parsed.country === country
    ? parsed.formatNational()
    : parsed.formatInternational().replace(/^\+/, '00 ');
}

/** A query of a phone number: + or 0 first, then only digits and the signs people type between them. */
const PHONE_QUERY = /^\s*(\+|0)[\d\s()/.-]*$/;
/** Fewer digits than this find too much to be meant as a number (a query "01" is no search by phone). */
const MIN_QUERY_DIGITS = 4;

/**
 * The digits a stored number (E.164 without its +) begins with when a search for `q` is a search by
 * phone: "0151 234" and "+49151234" are both "49151234". Null when `q` is no phone number.
 */
export function phoneSearchDigits(q: string, country: string = PHONE_COUNTRY): string | null {
  if (!PHONE_QUERY.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  if (digits.length < MIN_QUERY_DIGITS) return null;
  if (q.trim().startsWith('+')) return digits;
  if (digits.startsWith('00')) return digits.slice(2);
  const code = country.toUpperCase();
  if (!isSupportedCountry(code)) return null;
  return getCountryCallingCode(code as CountryCode) + digits.slice(1);
}

/**
 * A catalogue `phone` field's value: a number as typed ("0151 23456789", "+43 664 …") becomes its
 * E.164 form; blank is none (null, which a required field refuses first).
 */
export function phoneValueSchema(required: boolean): v.GenericSchema<unknown, string | null> {
  const text = v.pipe(
    v.string(FieldError.invalidType),
    v.trim(),
    v.maxLength(PHONE_MAX_LENGTH, FieldError.tooLong),
  );
  return v.pipe(
    required ? v.pipe(text, v.minLength(1, FieldError.required)) : text,
    // A text too long is that, not also no number.
    v.check((t) => t === '' || t.length > PHONE_MAX_LENGTH || toE164(t) !== null, FieldError.phoneInvalid),
    v.transform((t) => (t === '' ? null : toE164(t))),
  );
}
