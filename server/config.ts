import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSupportedCountry } from 'libphonenumber-js/max';
import * as v from 'valibot';
import { DEFAULT_SMS_COUNTRIES as SMS_COUNTRY_CODES } from '../contract/account';
import { DEFAULT_SMS_RESEND_SECONDS, SMS_RESEND_SECONDS_MAX } from '../contract/sms-resend';

/** The legal texts shipped with the code (server/legal/texts), used unless LEGAL_DIR names others. */
export const DEFAULT_LEGAL_DIR = fileURLToPath(new URL('./legal/texts', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const Port = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number'),
  v.transform(Number),
  v.number(),
  v.minValue(0, 'must be between 0 and 65535'),
  v.maxValue(65_535, 'must be between 0 and 65535'),
);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A host name (RFC 1123 labels) or an IPv4/IPv6 address, as `server.listen` takes it. */
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const Host = v.pipe(
  v.string(),
  v.check((value) => isIP(value) !== 0 || HOST_NAME.test(value), 'must be an IP address or a host name'),
);

// valibot runs a pipe's later checks even after one failed: none of them may throw.
const HttpUrl = (protocols: string[]) =>
  v.pipe(
    v.string(),
    v.check((value) => parseUrl(value) !== null, 'must be a URL'),
    v.check(
      (value) => protocols.includes(parseUrl(value)?.protocol ?? ''),
      `must start with ${protocols.join(' or ')}`,
    ),
  );

/** Where SMS may go by default (contract/account.ts: the phone forms offer the same list). */
export const DEFAULT_SMS_COUNTRIES = SMS_COUNTRY_CODES.join(',');
/** Where the agency's people live: the city search names these countries' places first. */
export const DEFAULT_HOME_COUNTRIES = 'DE,AT,CH';
/** The longest ACCESS_TOKEN_TTL an operator may set (1 day): the sweeps count on no token living longer. */
export const ACCESS_TOKEN_TTL_MAX_S = 86_400;

const countryList = (value: string) =>
  value
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');

/** A comma-separated list of ISO 3166 country codes (SMS_COUNTRIES, HOME_COUNTRIES), read as codes. */
const Countries = v.pipe(
  v.string(),
  v.check(
    (value) => countryList(value).length > 0 && countryList(value).every((c) => isSupportedCountry(c)),
    'must be comma-separated ISO 3166 country codes (e.g. DE,AT,CH)',
  ),
  v.transform(countryList),
);

/** A whole number from `min` to `max`; the messages name the unit ("day", "days") where there is one. */
const WholeNumber = (min: number, max: number, unit?: { one: string; many: string }) => {
  const of = (n: number) => (unit ? ` ${n === 1 ? unit.one : unit.many}` : '');
  return v.pipe(
    v.string(),
    v.regex(/^\d+$/, unit ? `must be a whole number of ${unit.many}` : 'must be a whole number'),
    v.transform(Number),
    v.number(),
    v.minValue(min, `must be at least ${min}${of(min)}`),
    v.maxValue(max, `must be at most ${max}${of(max)}`),
  );
};
const SECONDS = { one: 'second', many: 'seconds' };

/** The environment the server reads (README, "Configuration"). Empty values count as unset. */
export const ConfigSchema = v.object({
  PORT: v.optional(Port, '8080'),
  HOST: v.optional(Host),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  DATABASE_URL: v.optional(HttpUrl(['postgres:', 'postgresql:'])),
  PUBLIC_ORIGIN: v.optional(
    v.pipe(
      HttpUrl(['http:', 'https:']),
      v.check((value) => parseUrl(value)?.pathname === '/', 'must be an origin without a path'),
      v.transform((value) => parseUrl(value)?.origin ?? value),
    ),
  ),
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'must be development, production or test'),
    'development',
  ),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  SMTP_URL: v.optional(HttpUrl(['smtp:', 'smtps:'])),
  SMS_WEBHOOK_URL: v.optional(HttpUrl(['http:', 'https:'])),
  JWT_PRIVATE_KEY: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => value.replace(/\\n/g, '\n')),
      v.regex(/-----BEGIN (RSA )?PRIVATE KEY-----/, 'must be a PEM-encoded RSA private key'),
    ),
  ),
  TRUST_PROXY: v.optional(v.picklist(['true', 'false', '1', '0'], 'must be true or false'), 'false'),
  // A scraper elsewhere than this machine sends it as a bearer token to GET /metrics.
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  ACCESS_TOKEN_TTL: v.optional(WholeNumber(1, ACCESS_TOKEN_TTL_MAX_S, SECONDS), '900'),
  // The least time between two SMS codes to one account (login, phone confirmation): SMS cost money.
  SMS_RESEND_SECONDS: v.optional(
    WholeNumber(1, SMS_RESEND_SECONDS_MAX, SECONDS),
    String(DEFAULT_SMS_RESEND_SECONDS),
  ),
  SMS_COUNTRIES: v.optional(Countries, DEFAULT_SMS_COUNTRIES),
  HOME_COUNTRIES: v.optional(Countries, DEFAULT_HOME_COUNTRIES),
  MATCH_RESULT_LIMIT: v.optional(WholeNumber(1, 100_000), '2000'),
  // How long a node's claim on a matching run holds without renewal (decision 0010): a run of a node
  // that died is taken over this long after its last renewal. Renewed every third of it.
  RUN_LEASE_SECONDS: v.optional(WholeNumber(5, 600, SECONDS), '30'),
  OUTBOX_RETENTION_DAYS: v.optional(WholeNumber(1, 3650, { one: 'day', many: 'days' }), '7'),
  // Retention (PRODUCT.md §8): months without login or agent activity before an account is deleted.
  RETENTION_MONTHS: v.optional(WholeNumber(2, 240, { one: 'month', many: 'months' }), '24'),
  // Where the legal texts live (`{name}/{version}.{de,en}.md`); default: server/legal/texts.
  LEGAL_DIR: v.optional(v.string()),
  // The staffing agency that runs this instance: substituted into the legal texts (server/legal/).
  AGENCY_NAME: v.optional(v.string(), 'Matchwerk Personaldienste GmbH'),
  AGENCY_ADDRESS: v.optional(v.string(), 'Beispielstraße 12, 10115 Berlin, Deutschland'),
  AGENCY_EMAIL: v.optional(
    v.pipe(v.string(), v.email('must be an e-mail address')),
    'kontakt@matchwerk.example',
  ),
  AGENCY_PHONE: v.optional(v.string(), '+49 30 1234567-0'),
  AGENCY_REPRESENTATIVE: v.optional(v.string(), 'Erika Mustermann'),
  AGENCY_REGISTER: v.optional(v.string(), 'Amtsgericht Charlottenburg, HRB 000000 B'),
  AGENCY_VAT_ID: v.optional(v.string(), 'DE000000000'),
});

export interface Config {
  port: number;
  /**
   * The address the server listens on: HOST, else 0.0.0.0 in production and 127.0.0.1 (this
   * machine only) everywhere else.
   */
  host: string;
  /** Whether HOST was given (outside production the start line says the default is loopback-only). */
  hostFromEnv: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  publicOrigin: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: (typeof LOG_LEVELS)[number];
  smtpUrl: string | undefined;
  smsWebhookUrl: string | undefined;
  accessTokenTtl: number;
  /** The least time between two SMS codes to one account, in seconds (SMS_RESEND_SECONDS). */
  smsResendSeconds: number;
  jwtPrivateKey: string | undefined;
  /** Behind a reverse proxy: the client address is the last one X-Forwarded-For names. */
  trustProxy: boolean;
  /** GET /metrics from elsewhere than loopback: `Authorization: Bearer <METRICS_TOKEN>`. */
  metricsToken: string | undefined;
  /** How many included profiles a done matching run keeps (PRODUCT.md §5). */
  matchResultLimit: number;
  /** How long a claim on a matching run holds without renewal, in seconds (RUN_LEASE_SECONDS). */
  runLeaseSeconds: number;
  /** ISO codes of the countries whose mobile numbers may get SMS (PRODUCT.md §8). */
  smsCountries: readonly string[];
  /** ISO codes of the agency's home countries, whose places the city search names first (HOME_COUNTRIES). */
  homeCountries: readonly string[];
  /** Sent and failed outbox messages older than this many days are deleted. */
  outboxRetentionDays: number;
  /** Months without login or agent activity after which an account or agent-kept profile is deleted. */
  retentionMonths: number;
  /** The agency's particulars for the legal texts (Impressum, Datenschutz, terms). */
  agency: AgencyConfig;
  /** The directory of the legal texts (LEGAL_DIR), outside the code so an update keeps the operator's edits. */
  legalDir: string;
}

export interface AgencyConfig {
  name: string;
  address: string;
  email: string;
  phone: string;
  representative: string;
  register: string;
  vatId: string;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly reason: string,
  ) {
    super(`invalid configuration: ${variable} ${reason}`);
  }
}

/** Parses the environment; throws a ConfigError naming the first invalid variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(ConfigSchema.entries)
      .map((key) => [key, env[key]?.trim()])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = v.safeParse(ConfigSchema, present);
  if (!result.success) {
    const issue = result.issues[0];
    const variable = issue.path?.[0]?.key;
    throw new ConfigError(String(variable ?? 'environment'), issue.message);
  }
  const c = result.output;
  return {
    port: c.PORT,
    host: c.HOST ?? (c.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    hostFromEnv: c.HOST !== undefined,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    publicOrigin: c.PUBLIC_ORIGIN ?? `http://localhost:${c.PORT}`,
    nodeEnv: c.NODE_ENV,
    logLevel: c.LOG_LEVEL,
    smtpUrl: c.SMTP_URL,
    smsWebhookUrl: c.SMS_WEBHOOK_URL,
    accessTokenTtl: c.ACCESS_TOKEN_TTL,
    smsResendSeconds: c.SMS_RESEND_SECONDS,
    jwtPrivateKey: c.JWT_PRIVATE_KEY,
    trustProxy: c.TRUST_PROXY === 'true' || c.TRUST_PROXY === '1',
    metricsToken: c.METRICS_TOKEN,
    matchResultLimit: c.MATCH_RESULT_LIMIT,
    runLeaseSeconds: c.RUN_LEASE_SECONDS,
    smsCountries: c.SMS_COUNTRIES,
    homeCountries: c.HOME_COUNTRIES,
    outboxRetentionDays: c.OUTBOX_RETENTION_DAYS,
    retentionMonths: c.RETENTION_MONTHS,
    legalDir: c.LEGAL_DIR ? resolve(c.LEGAL_DIR) : DEFAULT_LEGAL_DIR,
    agency: {
      name: c.AGENCY_NAME,
      address: c.AGENCY_ADDRESS,
      email: c.AGENCY_EMAIL,
      phone: c.AGENCY_PHONE,
      representative: c.AGENCY_REPRESENTATIVE,
      register: c.AGENCY_REGISTER,
      vatId: c.AGENCY_VAT_ID,
    },
  };
}
