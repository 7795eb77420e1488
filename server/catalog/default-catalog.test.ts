import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG_PATH } from './catalog';

interface FileField {
  key: string;
  help?: { de: string; en: string };
}

const catalog = JSON.parse(readFileSync(DEFAULT_CATALOG_PATH, 'utf8')) as Record<string, unknown>;
const fields = Object.values(catalog).flatMap((scope) =>
  Array.isArray(scope) ? (scope as FileField[]) : [],
);

describe('the default catalogue', () => {
  it('has help texts', () => {
    expect(fields.filter((field) => field.help).length).toBeGreaterThan(0);
  });

  // A candidate fills in their own profile, an agent the profiles of others (issue 22's walk: "Der Ort,
  // von dem aus Sie zur Arbeit fahren" on an agent's "Neue Stella").
  it.each(fields.filter((field) => field.help).map((field) => [field.key, field.help!] as const))(
    "%s's help addresses no one: it reads right for the candidate and for the agent",
    (_, help) => {
      expect(help.de).not.toMatch(/\b(Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|du|dein)\b/);
      expect(help.en).not.toMatch(/\b(you|your)\b/i);
    },
  );
});
