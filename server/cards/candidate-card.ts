import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { CardKind } from '../../contract/cards';
import { type Catalog, fieldIsFor } from '../../contract/catalog';
import { phoneForReader } from '../../contract/phone';
import type { Language } from '../../contract/user-types';
import type { AgencyConfig } from '../config';
import type { Database } from '../db/client';
import { record, text, textOrNull, uuid, uuidOrNull } from '../db/rows';
import { users } from '../db/schema/users';
import type { PhotoStorage } from '../profiles/photo-storage';
import { ownPhoto } from '../profiles/photos';
import {
  type CandidateCardKind,
  type CardContent,
  type CardInput,
  cardContent,
  renderProfileCard,
} from './profile-card';

/** Crockford's base 32 without I, L, O, U: read aloud and typed back without mix-ups. */
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The anonymised card's reference number (issue 21): `MW-` and six characters of the SHA-256 of
 * the profile's id, so the same candidate always carries the same number, and nothing personal
 * (name, e-mail, birth date) goes into it. 32⁶ ≈ 10⁹ values: two candidates may share one in a
 * large pool, so it names a candidate towards a client, it is no key (the agency finds the person
 * by the mail on the candidate's and the job's timeline).
 */
export function referenceNumber(profileId: string): string {
  const digest = createHash('sha256').update(profileId.toLowerCase()).digest();
  let out = '';
  for (let i = 0; i < 6; i++) out += REFERENCE_ALPHABET[digest[i]! % 32];
  return `MW-${out}`;
}

/** What a card needs of a candidate's row (`select id, user_id, type, "values", contact_email`). */
export const CardProfileRow = v.object({
  id: uuid,
  user_id: uuidOrNull,
  type: text,
  values: record,
  contact_email: textOrNull,
});
export type CardProfile = v.InferOutput<typeof CardProfileRow>;

/** The file name of a card sent or downloaded: the name (full) or the reference number (anonymised). */
export function cardFileName(profile: CardProfile, kind: CardKind, language: Language): string {
  if (kind === 'anonymised') return `${referenceNumber(profile.id)}.pdf`;
  const text = (key: string) => (typeof profile.values[key] === 'string' ? String(profile.values[key]) : '');
  const name = [text('first_name'), text('last_name')]
    .filter(Boolean)
    .join('-')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9-]+/g, '')
    .slice(0, 60);
  const base = language === 'de' ? 'profilkarte' : 'profile-card';
  return `${base}-${name || referenceNumber(profile.id)}.pdf`;
}

/** The card's input and who it presents: the person's own contact (full) or the agency's (anonymised). */
async function cardParts(
  db: Database,
  storage: PhotoStorage | null,
  catalog: Catalog,
  agency: Pick<AgencyConfig, 'name' | 'email' | 'phone'>,
  profile: CardProfile,
  kind: CardKind,
  language: Language,
): Promise<{ input: CardInput; who: CandidateCardKind }> {
  const fields = catalog.profile.filter((f) => fieldIsFor(f, profile.type));
  if (kind === 'anonymised') {
    const { first_name: _f, last_name: _l, birth_date: _b, about: _a, city, ...named } = profile.values;
    // Nothing that reaches the person: their phone and when to call are the agency's to use.
    const contact = new Set(catalog.profile.filter((f) => f.contact).map((f) => f.key));
    const rest = Object.fromEntries(Object.entries(named).filter(([key]) => !contact.has(key)));
    const cityName = (city as { name?: unknown } | undefined)?.name;
    return {
      input: {
        values: { ...rest, ...(typeof cityName === 'string' ? { city: { name: cityName } } : {}) },
        fields,
        language,
        photo: null,
        agency: agency.name,
      },
      who: {
        kind: 'anonymised',
        reference: referenceNumber(profile.id),
        agency: { name: agency.name, email: agency.email, phone: agency.phone },
      },
    };
  }
  let email = profile.contact_email;
  let photo: Buffer | null = null;
  if (profile.user_id) {
    const [account] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, profile.user_id));
    email = account?.email ?? email;
    if (storage) photo = await ownPhoto(db, storage, profile.user_id);
  }
  // The catalogue's phone (PRODUCT.md §11), never the account's 2FA number, which stays private.
  const stored = profile.values.phone;
  const phone = typeof stored === 'string' && stored !== '' ? phoneForReader(stored) : null;
  return {
    input: { values: profile.values, fields, language, photo, agency: agency.name },
    who: { kind: 'full', email, phone },
  };
}

/**
 * A candidate's card as PDF in `language` (the agent's, or the contact's for a client): `pdf` with
 * name, photo, e-mail, phone and birth date; `anonymised` with none of them, the reference number and
 * the agency's contact instead (the city only by its name).
 */
export async function candidateCardPdf(
  db: Database,
  storage: PhotoStorage,
  catalog: Catalog,
  agency: Pick<AgencyConfig, 'name' | 'email' | 'phone'>,
  profile: CardProfile,
  kind: CardKind,
  language: Language,
): Promise<Buffer> {
  const { input, who } = await cardParts(db, storage, catalog, agency, profile, kind, language);
  return renderProfileCard(input, who);
}

/** The words of the same card, for a screen (a client's view of the candidates sent to it). */
export async function candidateCardContent(
  db: Database,
  catalog: Catalog,
  agency: Pick<AgencyConfig, 'name' | 'email' | 'phone'>,
  profile: CardProfile,
  kind: CardKind,
  language: Language,
): Promise<CardContent> {
  const { input, who } = await cardParts(db, null, catalog, agency, profile, kind, language);
  return cardContent(input, who);
}
