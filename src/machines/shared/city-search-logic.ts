import { areaLogic } from '../shell/app-logic';
import { citySearchLogic } from './city-search.machine';

/** The city field's search (profile, registration, job editor). */
export const citySearch = areaLogic(({ api }) => citySearchLogic(api));
