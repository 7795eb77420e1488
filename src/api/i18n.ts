import type { Messages } from '@lingui/core';
import { ofetch } from 'ofetch';
import type { Language } from '../../contract/user-types';

/** Loads one language's compiled catalog (SEED-SPEC §7: assets/i18n/{lang}.json, Lingui's `{ messages }`). */
export async function fetchCatalog(language: Language, signal?: AbortSignal): Promise<Messages> {
  const catalog = await ofetch<{ messages?: Messages }>(`/assets/i18n/${language}.json`, {
    signal,
    retry: 2,
    timeout: 10_000,
  });
  if (!catalog || typeof catalog.messages !== 'object') throw new Error(`catalog ${language} is malformed`);
  return catalog.messages;
}
