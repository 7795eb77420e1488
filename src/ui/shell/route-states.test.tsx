// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentSkeleton } from './route-states';

const i18n = setupI18n({ locale: 'de', messages: { de: {} } });

afterEach(cleanup);

describe('a route that is still loading', () => {
  it('gives the document a title: the prerendered one is gone once the app renders', () => {
    document.head.querySelectorAll('title').forEach((title) => {
      title.remove();
    });
    render(
      <I18nProvider i18n={i18n}>
        <ContentSkeleton />
      </I18nProvider>,
    );
    expect(document.title).toBe('Matchwerk');
  });
});
