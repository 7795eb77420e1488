// The unit project runs in Node; a test file that needs a DOM says so on its first line
// (`// @vitest-environment jsdom`), and only there is Testing Library loaded and jsdom mended.
if (typeof document !== 'undefined') {
  await import('@testing-library/react');
  // jsdom has no CSS.escape; react-aria's popover uses it to read a <meta> once a list opens by click.
  if (typeof CSS === 'undefined' || typeof CSS.escape !== 'function') {
    const escapeIdent = (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`);
    (globalThis as { CSS?: Partial<typeof CSS> }).CSS = {
      ...(globalThis as { CSS?: object }).CSS,
      escape: escapeIdent,
    };
  }
}

export {};
