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
