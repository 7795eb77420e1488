import type { CityValue } from '../../contract/catalog';
import { cityById } from '../catalog/cities';

/** A city of the bundled list, stored as a profile saved through the API stores it (with its id). */
function city(id: number): CityValue {
  const found = cityById(id);
  if (!found) throw new Error(`city ${id} is not in the bundled list`);
  return found;
}

/** The demo data's places: where its accounts, companies and candidates live. */
export const BERLIN = city(2950159);
export const FRANKFURT = city(2925533);
export const HAMBURG = city(2911298);
export const MUNICH = city(2867714);
export const COLOGNE = city(2886242);

/** The Rhein-Main area, where the demo developer job (server/demo/jobs.ts) looks. */
export const DARMSTADT = city(2938913);
export const OFFENBACH = city(2857807);
export const MAINZ = city(2874225);
export const WIESBADEN = city(2809346);
export const BAD_HOMBURG = city(2953436);
