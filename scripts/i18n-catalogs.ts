import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

export interface CompiledCatalogs {
  /** locale → the JSON text served as /assets/i18n/{locale}.json */
  json: Map<string, string>;
  /** locale → ids of messages with no translation in that locale */
  missing: Map<string, string[]>;
  /** every file the catalogs were read from */
  files: string[];
}

/** Compiles the PO catalogs to Lingui's runtime JSON (message id → compiled message). */
export async function compileCatalogs(): Promise<CompiledCatalogs> {
  const config = getConfig();
  const catalogs = await getCatalogs(config);
  const json = new Map<string, string>();
  const missing = new Map<string, string[]>();
  const files: string[] = [];
  for (const locale of config.locales) {
    const merged: Record<string, string> = {};
    const absent: string[] = [];
    for (const catalog of catalogs) {
      files.push(`${catalog.getFilename(locale)}`);
      const result = await catalog.getTranslations(locale, {
        fallbackLocales: config.fallbackLocales ?? {},
        sourceLocale: config.sourceLocale ?? 'en',
      });
      Object.assign(merged, result.messages);
      absent.push(...result.missing.map((m) => m.id));
    }
    const { source, errors } = createCompiledCatalog(locale, merged, { namespace: 'json', strict: false });
    if (errors.length > 0) {
      throw new Error(`catalog ${locale}: ${errors.map((e) => `${e.id}: ${e.error.message}`).join('; ')}`);
    }
    json.set(locale, source);
    missing.set(locale, absent);
  }
  return { json, missing, files };
}

/** Messages in the source code that a catalog does not list (run `npm run i18n:extract`). */
export async function unextractedMessages(): Promise<string[]> {
  const config = getConfig();
  const catalogs = await getCatalogs(config);
  const absent: string[] = [];
  for (const catalog of catalogs) {
    const extracted = (await catalog.collect()) ?? {};
    for (const locale of config.locales) {
      const existing = await catalog.read(locale);
      for (const id of Object.keys(extracted))
        if (!existing?.[id]) absent.push(`${locale}: ${extracted[id]?.message ?? id}`);
    }
  }
  return absent;
}
