import { areaLogic } from '../shell/app-logic';
import { registrationMachine } from './registration.machine';
import { registrationImplementations } from './registration-actors';

/** `/register`'s steps. */
export const registrationLogic = areaLogic(({ api, session }) =>
  registrationMachine.provide(registrationImplementations(api, session)),
);
