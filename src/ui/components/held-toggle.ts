import type { ChangeEvent } from 'react';

/**
 * The props that disable the browser's own checkbox or switch the way this product does: it stays
 * focusable (`aria-disabled`, not the `disabled` attribute) and refuses to toggle (the change is not
 * passed on, and React puts the controlled input back to its `checked`). A checkbox or switch is
 * disabled while its change, or the form it belongs to, is saved; a `disabled` input loses the focus
 * there, so a keyboard user's next Space scrolled the page instead, and a held one could not be reached
 * to read why (`aria-describedby`).
 */
export function heldToggle(isDisabled: boolean | undefined, onChange: (selected: boolean) => void) {
  return {
    'aria-disabled': isDisabled || undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      if (!isDisabled) onChange(event.target.checked);
    },
  } as const;
}
