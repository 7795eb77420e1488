import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, REACT_ARIA_PRESSABLE_STYLE_HASH } from './security-headers';

/** The text react-aria's usePress puts into its <style>, read from the installed package. */
function pressableStyleText(): string {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('react-aria/package.json'));
  const source = readFileSync(join(root, 'dist/private/interactions/usePress.mjs'), 'utf8');
  const attribute = /PRESSABLE_ATTRIBUTE = '([^']+)'/.exec(source)?.[1];
  const template = /style\.textContent = `([\s\S]*?)`\.trim\(\)/.exec(source)?.[1];
  if (!attribute || !template) throw new Error('react-aria no longer adds its pressable style this way');
  return template.replace(/\$\{[^}]*PRESSABLE_ATTRIBUTE\}/, attribute).trim();
}

describe('Content-Security-Policy', () => {
  it("allows react-aria's pressable style by the hash of the installed version's text, and no other inline style", () => {
    const hash = createHash('sha256').update(pressableStyleText()).digest('base64');
    expect(REACT_ARIA_PRESSABLE_STYLE_HASH).toBe(`sha256-${hash}`);
    expect(CONTENT_SECURITY_POLICY).toContain(`style-src 'self' '${REACT_ARIA_PRESSABLE_STYLE_HASH}'`);
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });
});
