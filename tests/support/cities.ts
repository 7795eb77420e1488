import type { CityHit } from '../../contract/catalog';

/** Berlin as a city search hit (GeoNames id), for tests of the city search and the forms using it. */
export const BERLIN: CityHit = {
  id: 2950159,
  name: 'Berlin',
  country: 'DE',
  lat: 52.52437,
  lng: 13.41053,
  population: 3,
};

/** Munich, which the bundled list names in English: German screens call it "München". */
export const MUNICH: CityHit = {
  id: 2867714,
  name: 'Munich',
  country: 'DE',
  lat: 48.13743,
  lng: 11.57549,
  population: 2,
};
