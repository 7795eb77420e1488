// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchingState } from './matching-state';

// PRODUCT.md §8: the agents' screens tell the agency's block apart from the candidate's own pause.

function shown(paused: boolean, blocked: boolean): string[] {
  const { container } = render(
    <I18nProvider i18n={setupI18n({ locale: 'en', messages: { en: {} } })}>
      <MatchingState paused={paused} blocked={blocked} />
    </I18nProvider>,
  );
  return [...container.querySelectorAll('.badge')].map((badge) => badge.textContent ?? '');
}

describe("a candidate's two switches as agents see them", () => {
  afterEach(cleanup);

  it.each([
    [false, false, ['active']],
    [true, false, ['paused by the candidate']],
    [false, true, ['blocked by the agency']],
    [true, true, ['blocked by the agency', 'paused by the candidate']],
  ])('own switch off: %s, blocked: %s → %j', (paused, blocked, badges) => {
    expect(shown(paused, blocked)).toEqual(badges);
  });
});
