// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as deMessages } from '../../locales/de.po';
import { messages as enMessages } from '../../locales/en.po';
import { profileTabName } from './profile-tabs';

const de = setupI18n({ locale: 'de', messages: { de: deMessages } });
const en = setupI18n({ locale: 'en', messages: { en: enMessages } });

describe('profile tab names', () => {
  it('says "About me" on the own profile only; an agent reads about the person', () => {
    expect(profileTabName(de, 'about', 'own')).toBe('Über mich');
    expect(profileTabName(de, 'about', 'other')).toBe('Über die Person');
    expect(profileTabName(en, 'about', 'own')).toBe('About me');
    expect(profileTabName(en, 'about', 'other')).toBe('About the person');
  });

  it('names the other tabs alike for both, and keeps the key of a tab it does not know', () => {
    expect(profileTabName(de, 'personal', 'other')).toBe(profileTabName(de, 'personal', 'own'));
    expect(profileTabName(de, 'personal', 'own')).toBe('Persönliches');
    expect(profileTabName(en, 'hobbies', 'other')).toBe('hobbies');
  });
});
