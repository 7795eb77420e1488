import { describe, expect, it } from 'vitest';
import { compileCatalogs, unextractedMessages } from './i18n-catalogs';

describe('translations', () => {
  it('lists every message of the source code in the catalogs (run npm run i18n:extract when this fails)', async () => {
    expect(await unextractedMessages()).toEqual([]);
  });

  it('has every message in German and in English', async () => {
    const { missing, json } = await compileCatalogs();
    expect([...json.keys()].sort()).toEqual(['de', 'en']);
    expect(missing.get('de')).toEqual([]);
    expect(missing.get('en')).toEqual([]);
  });

  it('compiles each language to the JSON the client loads, translated', async () => {
    const { json } = await compileCatalogs();
    const de = (JSON.parse(json.get('de') ?? '{}') as { messages: Record<string, unknown> }).messages;
    const en = (JSON.parse(json.get('en') ?? '{}') as { messages: Record<string, unknown> }).messages;
    expect(Object.keys(de).length).toBeGreaterThan(20);
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    expect(Object.values(de)).toContainEqual(['Abmelden']);
    expect(Object.values(en)).toContainEqual(['Log out']);
  });
});
