import type { Plugin } from 'vite';
export function i18nCatalogs(): Plugin { return { name: 'matchwerk-i18n-catalogs' }; }
