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

export interface CardInput {
  values: Record<string, unknown>;
  /** The profile catalogue's fields (labels of options). */
  fields: FieldDefinition[];
  language: Language;
  /** The 512 × 512 JPEG, or null. */
  photo: Buffer | null;
}

function optionLabel(fields: FieldDefinition[], key: string, value: string, language: Language): string {
  const option = fields.find((f) => f.key === key)?.options?.find((o) => o.value === value);
  return option?.label[language] ?? value;
}

function formatDate(iso: string, language: Language): string {
  const [y, m, d] = iso.split('-');
  return language === 'de' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
}

/** An A4 card with selectable text in the Unicode font when there is one, and its bytes once ended. */
function cardDocument(language: Language, title: string) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Matchwerk – ${title}`, Creator: 'Matchwerk' },
    lang: language,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (unicodeFont) doc.font(unicodeFont);
  return { doc, done };
}

/** The card's head: its kind, the photo (or logo) beside the name, and a subtitle under the name. */
function cardHeader(
  doc: PDFKit.PDFDocument,
  head: { title: string; photo: Buffer | null; name: string; subtitle: string },
) {
  doc.fontSize(10).fillColor('#666666').text(`Matchwerk · ${head.title}`);
  const top = doc.y + 16;
  if (head.photo) doc.image(head.photo, 56, top, { width: 128, height: 128 });
  doc
    .fontSize(24)
    .fillColor('#000000')
    .text(head.name, head.photo ? 208 : 56, top);
  if (head.subtitle) doc.fontSize(14).fillColor('#333333').text(head.subtitle);
  doc.y = Math.max(doc.y, head.photo ? top + 128 : doc.y) + 24;
}

/** A labelled value under the last one, "–" when empty. */
function cardRow(doc: PDFKit.PDFDocument, none: string, label: string, value: string) {
  doc.x = 56;
  doc.fontSize(10).fillColor('#666666').text(label);
  doc
    .fontSize(12)
    .fillColor('#000000')
    .text(value || none);
  doc.moveDown(0.8);
}

/** The profile card (issue "Profiles"): photo, name, occupation, city, skills, languages, availability; A4, selectable text. */
export function renderProfileCard(input: CardInput): Promise<Buffer> {
  const { values, fields, language, photo } = input;
  const t = cardTexts[language];
  const { doc, done } = cardDocument(language, t.title);

  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const name = [text('first_name'), text('last_name')].filter(Boolean).join(' ');
  const list = (key: string) => (Array.isArray(values[key]) ? (values[key] as unknown[]) : []);

  const occupation = text('occupation');
  cardHeader(doc, {
    title: t.title,
    photo,
    name: name || t.none,
    subtitle: occupation ? optionLabel(fields, 'occupation', occupation, language) : '',
  });

  const row = (label: string, value: string) => cardRow(doc, t.none, label, value);
  const city = values.city as CityValue | undefined;
  row(t.city, city?.name ?? '');
  row(
    t.skills,
    list('skills')
      .map((s) => optionLabel(fields, 'skills', String(s), language))
      .join(', '),
  );
  row(
    t.languages,
    (list('languages') as LanguageValue[])
      .map((l) => {
        const level = l.level === 'native' ? t.native : l.level;
        return `${optionLabel(fields, 'languages', l.language, language)} (${level})`;
      })
      .join(', '),
  );
  const from = text('available_from');
  const employment = list('employment_types')
    .map((e) => optionLabel(fields, 'employment_types', String(e), language))
    .join(', ');
  const availability = from ? t.availableFrom(formatDate(from, language)) : t.availableNow;
  row(t.availability, employment ? `${availability} · ${employment}` : availability);
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
  const { doc, done } = cardDocument(language, t.companyTitle);
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : '');
  const option = (key: string) => (text(key) ? optionLabel(fields, key, text(key), language) : '');

  cardHeader(doc, {
    title: t.companyTitle,
    photo,
    name: text('name') || t.none,
    subtitle: [option('legal_form'), option('industry')].filter(Boolean).join(' · '),
  });

  const row = (label: string, value: string) => cardRow(doc, t.none, label, value);
  row(t.legalForm, option('legal_form'));
  row(t.industry, option('industry'));
  row(t.size, option('size'));
  row(t.location, (values.city as CityValue | undefined)?.name ?? '');
  row(t.website, text('website'));
  row(t.description, text('description'));
  doc.end();
  return done;
}
