import { msg } from '@lingui/core/macro';

/** The profile tabs' names (the catalogue's `tab` keys): the own profile's editor and a candidate's page. */
export const TAB_NAMES = {
  personal: msg`Personal`,
  qualification: msg`Qualification`,
  preferences: msg`Preferences`,
  about: msg`About me`,
  company: msg`Company`,
  contact: msg`Contact`,
} as const;
