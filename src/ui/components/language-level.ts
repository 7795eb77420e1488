import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const native = msg`native`;

/** A language level's name in the UI language: CEFR levels as they are ("C1"), "native" translated. */
export function languageLevelName(i18n: I18n, level: string): string {
  return level === 'native' ? i18n._(native) : level;
}
