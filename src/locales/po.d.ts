// A Lingui catalog imported in a test compiles through @lingui/vite-plugin to its runtime messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
