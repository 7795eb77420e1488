import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { CityValue, FieldDefinition, LanguageValue } from '../../contract/catalog';
import type { Language } from '../../contract/user-types';
import { cardTexts } from './texts';

/**
 * A Unicode TrueType font when the system has one (names like Yılmaz or Łukasz need more than the
 * PDF standard fonts' Latin-1); otherwise Helvetica, which still covers German and English text.
 */
const UNICODE_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
];
const unicodeFont = UNICODE_FONTS.find((path) => existsSync(path));

/** The characters of Windows-1252 above Latin-1 that the standard fonts' WinAnsi encoding has. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Whether Helvetica (WinAnsi) prints every text: then a card needs no embedded TrueType font, whose
 * subsetting costs ~100 ms a card (20 cards in one mail, issue 21's benchmark); a name like Yılmaz
 * or a city like Łódź still gets the Unicode font.
 */
export function fitsStandardFont(texts: string[]): boolean {
  return texts.every((text) => {
    for (const ch of text) if (ch.codePointAt(0)! > 0xff && !WIN_ANSI_EXTRA.has(ch)) return false;
    return true;
  });
}

export interface CardInput {
  values: Record<string, unknown>;
  /** The profile catalogue's fields (labels of options). */
  fields: FieldDefinition[];
  language: Language;
  /** The 512 × 512 JPEG, or null. */
  photo: Buffer | null;
  /** Whose card it is: the agency's name heads it (AGENCY_NAME; "Matchwerk" when not given). */
  agency?: string;
  /** Today (YYYY-MM-DD, UTC): an availability date before it reads "immediately". Default: now. */
  today?: string;
}

/**
 * Who a candidate's card presents (issue 21): `full` names the person with their own contact data
 * and birth date; `anonymised` shows the reference number instead of the name and the agency's
 * contact instead of the person's, and never a photo, birth date, street, e-mail or phone.
 */
export type CandidateCardKind =
  | { kind: 'full'; email: string | null; phone: string | null }
  | { kind: 'anonymised'; reference: string; agency: { name: string; email: string; phone: string } };

const INTL_LOCALE: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };

function optionLabel(fields: FieldDefinition[], key: string, value: string, language: Language): string {
  const option = fields.find((f) => f.key === key)?.options?.find((o) => o.value === value);
  return option?.label[language] ?? value;
}

/** A calendar date (YYYY-MM-DD) in the card's language, read as that day wherever the server runs. */
function formatDate(iso: string, language: Language): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    date,
  );
}

/** An A4 card with selectable text in the Unicode font when there is one, and its bytes once ended. */
function cardDocument(language: Language, title: string, unicode = true) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: title, Creator: 'Matchwerk' },
    lang: language,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (unicode && unicodeFont) doc.font(unicodeFont);
  return { doc, done };
}

/** The line above a card's name: whose card (the agency's name) and which (issue 42). */
const headLine = (agency: string | undefined, title: string) => `${agency || 'Matchwerk'} · ${title}`;

/** The card's head: the agency and the card's kind, the photo (or logo) beside the name, a subtitle under it. */
function cardHeader(
  doc: PDFKit.PDFDocument,
  head: { title: string; photo: Buffer | null; name: string; subtitle: string },
) {
  doc.fontSize(10).fillColor('#666666').text(head.title);
  const top = doc.y + 16;
  if (head.photo) doc.image(head.photo, 56, top, { width: 128, height: 128 });
  doc
    .fontSize(24)
    .fillColor('#000000')
    .text(head.name, head.photo ? 208 : 56, top);
  if (head.subtitle) doc.fontSize(14).fillColor('#333333').text(head.subtitle);
  doc.y = Math.max(doc.y, head.photo ? top + 128 : doc.y) + 24;
}

/** A labelled value under the last one; an empty value makes no row (issue 42: no rows of dashes). */
function cardRow(doc: PDFKit.PDFDocument, label: string, value: string) {
  if (!value) return;
  doc.x = 56;
  doc.fontSize(10).fillColor('#666666').text(label);
  doc.fontSize(12).fillColor('#000000').text(value);
  doc.moveDown(0.8);
}

/**
 * What a candidate's card says, in its language: the head, the labelled rows (only those with a
 * value) and the closing note.
 */
export interface CardContent {
  /** The line above the name: the agency's name and the card's kind. */
  title: string;
  name: string;
  subtitle: string;
  rows: [string, string][];
  note: string;
}

/**
 * The text of a candidate's card (issues "Profiles" and 21): the head (name, or the reference
 * number), the contact (the person's or the agency's), then city, experience, education, skills,
 * languages and availability, option labels from the catalogue in the card's language and numbers
 * and dates through Intl. The PDF prints it; a client's screen shows the same words (issue 21).
 */
export function cardContent(
  input: Omit<CardInput, 'photo'>,
  who: CandidateCardKind = { kind: 'full', email: null, phone: null },
): CardContent {
  const { values, fields, language } = input;
  const t = cardTexts[language];
  const anonymised = who.kind === 'anonymised';
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const list = (key: string) => (Array.isArray(values[key]) ? (values[key] as unknown[]) : []);
  const labels = (key: string) =>
    list(key)
      .map((s) => optionLabel(fields, key, String(s), language))
      .join(', ');
  const name = [text('first_name'), text('last_name')].filter(Boolean).join(' ');
  const number = new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: 1 });

  const occupation = text('occupation');
  const rows: [string, string][] = [];
  if (who.kind === 'anonymised') {
    rows.push([t.agencyContact, [who.agency.name, who.agency.email, who.agency.phone].join('\n')]);
  } else {
    rows.push([t.contact, [who.email, who.phone].filter(Boolean).join('\n')]);
    const callTime = text('contact_time');
    const callTimeField = fields.find((f) => f.key === 'contact_time');
    if (callTime && callTimeField)
      rows.push([callTimeField.label[language], optionLabel(fields, 'contact_time', callTime, language)]);
    const born = text('birth_date');
    if (born) rows.push([t.birthDate, formatDate(born, language)]);
  }
  const city = values.city as CityValue | undefined;
  rows.push([t.city, city?.name ?? '']);
  const years = values.experience_years;
  rows.push([t.experience, typeof years === 'number' ? t.years(number.format(years), years) : '']);
  const education = text('education_level');
  rows.push([t.education, education ? optionLabel(fields, 'education_level', education, language) : '']);
  rows.push([t.skills, labels('skills')]);
  rows.push([
    t.languages,
    (list('languages') as LanguageValue[])
      .map((l) => {
        const level = l.level === 'native' ? t.native : l.level;
        return `${optionLabel(fields, 'languages', l.language, language)} (${level})`;
      })
      .join(', '),
  ]);
  rows.push([t.drivingLicences, labels('driving_licences')]);
  const from = text('available_from');
  const employment = labels('employment_types');
  // A date passed is no date to wait for (issue 42: "available from" a day gone by).
  const today = input.today ?? new Date().toISOString().slice(0, 10);
  const availability = from && from > today ? t.availableFrom(formatDate(from, language)) : t.availableNow;
  rows.push([t.availability, employment ? `${availability} · ${employment}` : availability]);
  return {
    title: headLine(input.agency, anonymised ? t.anonymisedTitle : t.title),
    name: anonymised ? `${t.reference} ${who.reference}` : name || t.none,
    subtitle: occupation ? optionLabel(fields, 'occupation', occupation, language) : '',
    rows: rows.filter(([, value]) => value !== ''),
    note: who.kind === 'anonymised' ? t.anonymisedNote(who.agency.name) : '',
  };
}

/** A candidate's card as an A4 PDF with selectable text (`cardContent`, and the photo of a full card). */
export function renderProfileCard(
  input: CardInput,
  who: CandidateCardKind = { kind: 'full', email: null, phone: null },
): Promise<Buffer> {
  const content = cardContent(input, who);
  const head = {
    title: content.title,
    photo: who.kind === 'anonymised' ? null : input.photo,
    name: content.name,
    subtitle: content.subtitle,
  };
  const texts = [head.title, head.name, head.subtitle, content.note, ...content.rows.flat()];
  const { doc, done } = cardDocument(input.language, head.title, !fitsStandardFont(texts));
  cardHeader(doc, head);
  for (const [label, value] of content.rows) cardRow(doc, label, value);
  if (content.note) {
    doc.moveDown(1);
    doc.fontSize(9).fillColor('#666666').text(content.note);
  }
  doc.end();
  return done;
}

/**
 * A company's card (PRODUCT.md §6): logo or photo, name, legal form and industry, then size, location,
 * website and description — the company catalogue's fields, option labels in the card's language.
 */
export function renderCompanyCard(input: CardInput): Promise<Buffer> {
  const { values, fields, language, photo } = input;
  const t = cardTexts[language];
  const title = headLine(input.agency, t.companyTitle);
  const { doc, done } = cardDocument(language, title);
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const option = (key: string) => (text(key) ? optionLabel(fields, key, text(key), language) : '');

  cardHeader(doc, {
    title,
    photo,
    name: text('name') || t.none,
    subtitle: [option('legal_form'), option('industry')].filter(Boolean).join(' · '),
  });

  const row = (label: string, value: string) => cardRow(doc, label, value);
  row(t.legalForm, option('legal_form'));
  row(t.industry, option('industry'));
  row(t.size, option('size'));
  row(t.location, (values.city as CityValue | undefined)?.name ?? '');
  row(t.website, text('website'));
  row(t.description, text('description'));
  doc.end();
  return done;
}
