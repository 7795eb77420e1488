import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The profile tabs' names (the catalogue's `tab` keys): the own profile's editor and a candidate's page. */
const TAB_NAMES = {
  personal: msg`Personal`,
  qualification: msg`Qualification`,
  preferences: msg`Preferences`,
  about: msg`About me`,
  company: msg`Company`,
  contact: msg`Contact`,
} as const;

/** The "about" tab when an agent reads or edits someone else's profile: not "About me". */
const ABOUT_OTHER = msg`About the person`;

/** Whose profile a tab belongs to: the reader's own, or someone an agent looks after. */
export type ProfileOwner = 'own' | 'other';

/** A profile tab's name in the UI language; a tab the app does not know keeps its catalogue key. */
export function profileTabName(i18n: I18n, key: string, owner: ProfileOwner): string {
  if (key === 'about' && owner === 'other') return i18n._(ABOUT_OTHER);
  const known = TAB_NAMES[key as keyof typeof TAB_NAMES];
  return known ? i18n._(known) : key;
}
