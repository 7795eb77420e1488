import type { Plugin } from 'vite';
import { compileCatalogs } from './i18n-catalogs.ts';

/**
 * Serves the compiled Lingui catalogs as /assets/i18n/{lang}.json (SEED-SPEC §7): emitted into the
 * build, answered by the dev server. The client loads only the language it shows.
 */
export function i18nCatalogs(): Plugin {
  return {
    name: 'matchwerk-i18n-catalogs',
    async generateBundle() {
      const { json, files } = await compileCatalogs();
      for (const file of files) this.addWatchFile(file);
      for (const [locale, source] of json) {
        this.emitFile({ type: 'asset', fileName: `assets/i18n/${locale}.json`, source });
      }
    },
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const match = /^\/assets\/i18n\/([a-z]{2})\.json$/.exec(req.url ?? '');
        if (!match) return next();
        const { json } = await compileCatalogs();
        const source = json.get(match[1] ?? '');
        if (!source) return next();
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(source);
      });
    },
  };
}
