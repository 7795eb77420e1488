import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactAriaLocaleCheck } from './vite-react-aria-locale';

const require = createRequire(import.meta.url);
const file = join(
  dirname(require.resolve('react-aria/package.json')),
  'dist/private/i18n/useDefaultLocale.mjs',
);

type Transform = (
  this: { error(message: string): never },
  code: string,
  id: string,
) => { code: string } | null;
const transform = reactAriaLocaleCheck().transform as Transform;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};

describe('react-aria locale check at build time', () => {
  it('validates the default locale with getCanonicalLocales in the installed react-aria', () => {
    const out = transform.call(context, readFileSync(file, 'utf8'), file);
    expect(out?.code).toContain('Intl.getCanonicalLocales([');
    expect(out?.code).not.toContain('supportedLocalesOf');
  });

  it('throws for exactly the tags supportedLocalesOf throws for', () => {
    const throws = (f: () => unknown) => {
      try {
        f();
        return false;
      } catch (error) {
        expect(error).toBeInstanceOf(RangeError);
        return true;
      }
    };
    const tags = [
      'de',
      'de-DE',
      'en-US',
      'zz-Latn-ZZ',
      'sr-Latn',
      'x-private',
      '',
      'de_DE',
      'a',
      '123',
      'en-US-u-',
    ];
    const verdicts = tags.map((tag) => [
      tag,
      throws(() => Intl.getCanonicalLocales([tag])),
      throws(() => Intl.DateTimeFormat.supportedLocalesOf([tag])),
    ]);
    expect(verdicts.filter(([, a, b]) => a !== b)).toEqual([]);
    // Both kinds are in the list: valid tags pass, invalid ones throw.
    expect(verdicts.filter(([, a]) => a).length).toBeGreaterThan(2);
    expect(verdicts.filter(([, a]) => !a).length).toBeGreaterThan(2);
  });

  it('fails the build when a react-aria release no longer makes that call', () => {
    expect(() => transform.call(context, 'export const x = 1;', file)).toThrow(/no longer calls/);
    expect(
      transform.call(context, 'Intl.DateTimeFormat.supportedLocalesOf([x])', '/src/other.ts'),
    ).toBeNull();
  });
});
