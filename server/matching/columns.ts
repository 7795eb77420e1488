import {
  type CityValue,
  type FieldDefinition,
  LANGUAGE_LEVELS,
  type LanguageValue,
} from '../../contract/catalog';
import { dateToDays, roundCoordinate } from '../../contract/catalog-schema';

/**
 * The columns of the matching index: one per profile field a criterion compares with, each encoding
 * a profile's value into typed arrays and decoding it back exactly (the breakdown is computed from
 * the decoded value, the score from the encoded one, and the two must agree). Row 0 … capacity-1.
 */

export type CodeArray = Uint8Array | Uint16Array | Uint32Array;
/** Per row, a number naming the row's value (Column.keys). */
export type KeyArray = CodeArray | Int32Array;

function codeArray(maxCode: number, capacity: number): CodeArray {
  if (maxCode <= 0xff) return new Uint8Array(capacity);
  if (maxCode <= 0xffff) return new Uint16Array(capacity);
  return new Uint32Array(capacity);
}

export function resized<T extends CodeArray | Int32Array | Float64Array>(array: T, capacity: number): T {
  const next = new (array.constructor as new (n: number) => T)(capacity);
  next.set(array.subarray(0, Math.min(array.length, capacity)) as ArrayLike<number>);
  return next;
}

/** A select: option index + 1 per row, 0 when missing. */
export class SelectColumn {
  readonly kind = 'select';
  readonly options: string[];
  readonly optionIndex: Map<string, number>;
  codes: CodeArray;

  constructor(
    readonly field: FieldDefinition,
    capacity: number,
  ) {
    this.options = (field.options ?? []).map((o) => o.value);
    this.optionIndex = new Map(this.options.map((o, i) => [o, i]));
    this.codes = codeArray(this.options.length, capacity);
  }
  set(row: number, value: unknown): void {
    const index = typeof value === 'string' ? this.optionIndex.get(value) : undefined;
    this.codes[row] = index === undefined ? 0 : index + 1;
  }
  get(row: number): string | undefined {
    const code = this.codes[row]!;
    return code === 0 ? undefined : this.options[code - 1];
  }
  /** Per row, a number naming its value (see Column). */
  keys(): KeyArray {
    return this.codes;
  }
  resize(capacity: number): void {
    this.codes = resized(this.codes, capacity);
  }
  bytes(): number {
    return this.codes.byteLength;
  }
}

/**
 * A multiselect as a bitset over its options, split into words of 8, 16 or 32 bits, one typed array
 * per word (a job usually touches one or two words, and reads only those). No bit set = missing.
 */
export class MultiColumn {
  readonly kind = 'multi';
  readonly options: string[];
  readonly optionIndex: Map<string, number>;
  readonly bitsPerWord: number;
  words: CodeArray[];

  constructor(
    readonly field: FieldDefinition,
    capacity: number,
  ) {
    this.options = (field.options ?? []).map((o) => o.value);
    this.optionIndex = new Map(this.options.map((o, i) => [o, i]));
    const n = this.options.length;
    this.bitsPerWord = n <= 8 ? 8 : n <= 16 ? 16 : 32;
    const maxCode = 2 ** this.bitsPerWord - 1;
    this.words = Array.from({ length: Math.ceil(n / this.bitsPerWord) }, () => codeArray(maxCode, capacity));
  }
  set(row: number, value: unknown): void {
    for (const word of this.words) word[row] = 0;
    if (!Array.isArray(value)) return;
    for (const item of value) {
      const index = typeof item === 'string' ? this.optionIndex.get(item) : undefined;
      if (index === undefined) continue;
      const word = this.words[Math.floor(index / this.bitsPerWord)]!;
      word[row] = (word[row]! | (1 << (index % this.bitsPerWord))) >>> 0;
    }
  }
  /** The values in option order; undefined when none is set. */
  get(row: number): string[] | undefined {
    let values: string[] | undefined;
    for (let w = 0; w < this.words.length; w++) {
      let bits = this.words[w]![row]!;
      while (bits !== 0) {
        const low = bits & -bits;
        values = values ?? [];
        values.push(this.options[w * this.bitsPerWord + 31 - Math.clz32(low)]!);
        bits = (bits ^ low) >>> 0;
      }
    }
    return values;
  }
  /** One word: its bits; over several words there is no single number. */
  keys(): KeyArray | undefined {
    return this.words.length === 1 ? this.words[0] : undefined;
  }
  /** Where an option's bit lives. */
  bitOf(option: string): { word: number; bit: number } | undefined {
    const index = this.optionIndex.get(option);
    return index === undefined
      ? undefined
      : { word: Math.floor(index / this.bitsPerWord), bit: index % this.bitsPerWord };
  }
  resize(capacity: number): void {
    this.words = this.words.map((w) => resized(w, capacity));
  }
  bytes(): number {
    return this.words.reduce((sum, w) => sum + w.byteLength, 0);
  }
}

/**
 * A number. With min, max and step it is stored as its step count above min in the smallest unsigned
 * array that holds the range (the top value marks "missing"); a value outside that grid (written
 * before the catalogue changed) widens the column to Float64 (NaN marks "missing"), so nothing is
 * ever rounded away.
 */
export class NumberColumn {
  readonly kind = 'number';
  quantised: boolean;
  readonly step: number;
  readonly inverse: number;
  readonly qmin: number;
  sentinel: number;
  data: CodeArray | Float64Array;

  constructor(
    readonly field: FieldDefinition,
    capacity: number,
  ) {
    const { min, max, step } = field;
    this.step = step ?? 1;
    this.inverse = this.step < 1 ? Math.round(1 / this.step) : 0;
    this.qmin = min === undefined ? 0 : this.quantum(min);
    const range =
      min === undefined || max === undefined ? Number.POSITIVE_INFINITY : this.quantum(max) - this.qmin;
    this.quantised = step !== undefined && Number.isFinite(range) && range < 0xffffffff;
    if (this.quantised) {
      this.data = codeArray(range + 1, capacity);
      this.sentinel =
        this.data instanceof Uint8Array ? 0xff : this.data instanceof Uint16Array ? 0xffff : 0xffffffff;
      this.data.fill(this.sentinel);
    } else {
      this.data = new Float64Array(capacity).fill(Number.NaN);
      this.sentinel = Number.NaN;
    }
  }
  private quantum(x: number): number {
    return this.step >= 1 ? Math.round(x / this.step) : Math.round(x * this.inverse);
  }
  /** The value of a stored step count: the very double the catalogue schema outputs for it. */
  decodeQuantum(stored: number): number {
    const q = stored + this.qmin;
    return this.step >= 1 ? q * this.step : q / this.inverse;
  }
  set(row: number, value: unknown): void {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.data[row] = this.sentinel;
      return;
    }
    if (this.quantised) {
      const stored = this.quantum(value) - this.qmin;
      if (stored >= 0 && stored < this.sentinel && this.decodeQuantum(stored) === value) {
        this.data[row] = stored;
        return;
      }
      this.widen();
    }
    this.data[row] = value;
  }
  get(row: number): number | undefined {
    const stored = this.data[row]!;
    if (!this.quantised) return Number.isNaN(stored) ? undefined : stored;
    return stored === this.sentinel ? undefined : this.decodeQuantum(stored);
  }
  /** The stored step count; none for doubles (0 and -0 would share one). */
  keys(): KeyArray | undefined {
    return this.quantised ? (this.data as CodeArray) : undefined;
  }
  private widen(): void {
    const wide = new Float64Array(this.data.length);
    for (let i = 0; i < this.data.length; i++) {
      const stored = this.data[i]!;
      wide[i] = stored === this.sentinel ? Number.NaN : this.decodeQuantum(stored);
    }
    this.data = wide;
    this.quantised = false;
    this.sentinel = Number.NaN;
  }
  resize(capacity: number): void {
    const old = this.data.length;
    this.data = resized(this.data, capacity);
    if (capacity > old) this.data.fill(this.sentinel, old);
  }
  bytes(): number {
    return this.data.byteLength;
  }
}

export const MISSING_DAY = -0x80000000;

/** `YYYY-MM-DD` of days since 1970-01-01 (proleptic Gregorian; Howard Hinnant's civil_from_days). */
export function daysToDate(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A date as days since 1970-01-01; MISSING_DAY when missing. */
export class DateColumn {
  readonly kind = 'date';
  days: Int32Array;

  constructor(
    readonly field: FieldDefinition,
    capacity: number,
  ) {
    this.days = new Int32Array(capacity).fill(MISSING_DAY);
  }
  set(row: number, value: unknown): void {
    const days = typeof value === 'string' ? dateToDays(value) : null;
    this.days[row] = days === null ? MISSING_DAY : days;
  }
  get(row: number): string | undefined {
    const days = this.days[row]!;
    return days === MISSING_DAY ? undefined : daysToDate(days);
  }
  keys(): KeyArray {
    return this.days;
  }
  resize(capacity: number): void {
    const old = this.days.length;
    this.days = resized(this.days, capacity);
    if (capacity > old) this.days.fill(MISSING_DAY, old);
  }
  bytes(): number {
    return this.days.byteLength;
  }
}

/**
 * A dictionary-encoded column: each row holds the code of a distinct value (0 = missing). Profiles
 * share few distinct cities and language sets, so a job scores each distinct value once and every
 * row looks its score up. Entries are never removed before the next full build (a bounded leak:
 * one entry per distinct value ever seen).
 */
abstract class DictionaryColumn<T> {
  codes = new Uint32Array(0);
  readonly entries: (T | undefined)[] = [undefined];
  private readonly lookup = new Map<string, number>();

  constructor(
    readonly field: FieldDefinition,
    capacity: number,
  ) {
    this.codes = new Uint32Array(capacity);
  }
  protected abstract normalise(value: unknown): { key: string; entry: T } | undefined;
  set(row: number, value: unknown): void {
    const normal = this.normalise(value);
    if (!normal) {
      this.codes[row] = 0;
      return;
    }
    let code = this.lookup.get(normal.key);
    if (code === undefined) {
      code = this.entries.length;
      this.entries.push(normal.entry);
      this.lookup.set(normal.key, code);
    }
    this.codes[row] = code;
  }
  get(row: number): T | undefined {
    return this.entries[this.codes[row]!];
  }
  /** The codes: an entry never changes while its code is in use. */
  keys(): KeyArray {
    return this.codes;
  }
  resize(capacity: number): void {
    this.codes = resized(this.codes, capacity);
  }
  /** Row codes plus, for the dictionary, a rough 64 bytes per distinct entry. */
  bytes(): number {
    return this.codes.byteLength + this.entries.length * 64;
  }
}

/** Languages: the distinct sets of {language, level}, sorted by language. */
export class LanguagesColumn extends DictionaryColumn<LanguageValue[]> {
  readonly kind = 'languages';
  private readonly known: Set<string>;

  constructor(field: FieldDefinition, capacity: number) {
    super(field, capacity);
    this.known = new Set((field.options ?? []).map((o) => o.value));
  }
  protected normalise(value: unknown): { key: string; entry: LanguageValue[] } | undefined {
    if (!Array.isArray(value)) return undefined;
    const seen = new Map<string, LanguageValue>();
    for (const item of value) {
      const { language, level } = (item ?? {}) as Partial<LanguageValue>;
      if (typeof language !== 'string' || !this.known.has(language) || seen.has(language)) continue;
      if (!(LANGUAGE_LEVELS as readonly unknown[]).includes(level)) continue;
      seen.set(language, { language, level: level as LanguageValue['level'] });
    }
    if (seen.size === 0) return undefined;
    const entry = [...seen.values()].sort((a, b) => (a.language < b.language ? -1 : 1));
    return { key: entry.map((l) => `${l.language}:${l.level}`).join(','), entry };
  }
}

/** Cities: the distinct {lat, lng, name, country}, coordinates quantised to 1e-5 degrees. */
export class LocationColumn extends DictionaryColumn<CityValue> {
  readonly kind = 'location';

  protected normalise(value: unknown): { key: string; entry: CityValue } | undefined {
    if (typeof value !== 'object' || value === null) return undefined;
    const { lat, lng, name, country } = value as Partial<CityValue>;
    if (
      typeof lat !== 'number' ||
      typeof lng !== 'number' ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng)
    ) {
      return undefined;
    }
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
    const entry: CityValue = {
      lat: roundCoordinate(lat),
      lng: roundCoordinate(lng),
      name: typeof name === 'string' ? name : '',
      country: typeof country === 'string' ? country : '',
    };
    return { key: `${entry.lat},${entry.lng},${entry.country},${entry.name}`, entry };
  }
}

/**
 * Every column decodes a row with get(row); keys() gives, where the column has them, a number per
 * row naming its value (two rows with the same key decode to the same value, until the column
 * changes), so that what is computed from a value can be kept per key.
 */
export type Column =
  | SelectColumn
  | MultiColumn
  | NumberColumn
  | DateColumn
  | LanguagesColumn
  | LocationColumn;

/** The column for a profile field, by its type. */
export function columnFor(field: FieldDefinition, capacity: number): Column {
  switch (field.type) {
    case 'select':
      return new SelectColumn(field, capacity);
    case 'multiselect':
      return new MultiColumn(field, capacity);
    case 'number':
      return new NumberColumn(field, capacity);
    case 'date':
      return new DateColumn(field, capacity);
    case 'languages':
      return new LanguagesColumn(field, capacity);
    case 'location':
      return new LocationColumn(field, capacity);
    default:
      throw new Error(`profile field ${field.key}: a ${field.type} cannot be matched`);
  }
}
