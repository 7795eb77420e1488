import type { Messages } from '@lingui/core';
import { ofetch } from 'ofetch';
import type { Language } from '../../contract/user-types';

/** Loads one language's compiled catalog (SEED-SPEC §7: assets/i18n/{lang}.json). */
export function fetchCatalog(language: Language, signal?: AbortSignal): Promise<Messages> {
  return ofetch<Messages>(`/assets/i18n/${language}.json`, { signal, retry: 2, timeout: 10_000 });
}
