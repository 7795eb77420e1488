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
