import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('HOME_COUNTRIES', () => {
  it('defaults to Germany, Austria and Switzerland', () => {
    expect(loadConfig({}).homeCountries).toEqual(['DE', 'AT', 'CH']);
    expect(loadConfig({ HOME_COUNTRIES: '' }).homeCountries).toEqual(['DE', 'AT', 'CH']);
  });

  it('reads a comma-separated list of country codes, in any case and spacing', () => {
    expect(loadConfig({ HOME_COUNTRIES: ' nl, be ,lu' }).homeCountries).toEqual(['NL', 'BE', 'LU']);
  });

  it('refuses what is not a country code, naming the setting', () => {
    for (const value of ['Deutschland', 'DE;AT', 'XX', ',']) {
      expect(() => loadConfig({ HOME_COUNTRIES: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ HOME_COUNTRIES: value }), value).toThrow(/HOME_COUNTRIES/);
    }
  });
});

describe('SMS_RESEND_SECONDS', () => {
  it('defaults to one SMS code a minute per account', () => {
    expect(loadConfig({}).smsResendSeconds).toBe(60);
    expect(loadConfig({ SMS_RESEND_SECONDS: ' ' }).smsResendSeconds).toBe(60);
  });

  it('takes a whole number of seconds from 1 to 3600', () => {
    expect(loadConfig({ SMS_RESEND_SECONDS: '1' }).smsResendSeconds).toBe(1);
    expect(loadConfig({ SMS_RESEND_SECONDS: '3600' }).smsResendSeconds).toBe(3600);
  });

  it('refuses anything else, naming the setting and the bound', () => {
    const cases: [string, RegExp][] = [
      ['0', /SMS_RESEND_SECONDS must be at least 1 second$/],
      ['3601', /SMS_RESEND_SECONDS must be at most 3600 seconds$/],
      ['1.5', /SMS_RESEND_SECONDS must be a whole number of seconds$/],
      ['-5', /SMS_RESEND_SECONDS must be a whole number of seconds$/],
      ['a minute', /SMS_RESEND_SECONDS must be a whole number of seconds$/],
    ];
    for (const [value, message] of cases)
      expect(() => loadConfig({ SMS_RESEND_SECONDS: value }), value).toThrow(message);
  });
});

describe('RUN_LEASE_SECONDS', () => {
  it('holds a claim on a run 30 s by default, 5 to 600 s when set', () => {
    expect(loadConfig({}).runLeaseSeconds).toBe(30);
    expect(loadConfig({ RUN_LEASE_SECONDS: '5' }).runLeaseSeconds).toBe(5);
    expect(loadConfig({ RUN_LEASE_SECONDS: '600' }).runLeaseSeconds).toBe(600);
  });

  it('refuses anything else, naming the setting and the bound', () => {
    const cases: [string, RegExp][] = [
      ['4', /RUN_LEASE_SECONDS must be at least 5 seconds$/],
      ['601', /RUN_LEASE_SECONDS must be at most 600 seconds$/],
      ['2.5', /RUN_LEASE_SECONDS must be a whole number of seconds$/],
    ];
    for (const [value, message] of cases)
      expect(() => loadConfig({ RUN_LEASE_SECONDS: value }), value).toThrow(message);
  });
});

describe('the whole-number settings keep their messages', () => {
  it('names the unit where there is one', () => {
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '0' })).toThrow(
      /ACCESS_TOKEN_TTL must be at least 1 second$/,
    );
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '3651' })).toThrow(/must be at most 3650 days$/);
    expect(() => loadConfig({ RETENTION_MONTHS: '1' })).toThrow(/must be at least 2 months$/);
    expect(() => loadConfig({ MATCH_RESULT_LIMIT: 'x' })).toThrow(
      /MATCH_RESULT_LIMIT must be a whole number$/,
    );
  });
});
