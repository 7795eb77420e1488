// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DEFAULT_SMS_COUNTRIES, SMS_COUNTRIES_META } from '../../../contract/account';
import { setPageMeta } from '../../../tests/support/page-meta';
import { phoneSetupMachine } from './phone-setup.machine';
import { pageSmsCountries } from './sms-countries';

const setMeta = (content: string | null) => setPageMeta(SMS_COUNTRIES_META, content);

afterEach(() => setMeta(null));

describe('the SMS countries the page names', () => {
  it('are the server’s SMS_COUNTRIES from the page’s meta, as upper-case ISO codes', () => {
    setMeta('AT, ch,DE');
    expect(pageSmsCountries()).toEqual(['AT', 'CH', 'DE']);
  });

  it('are the default list on a page without them, or with nothing usable in them', () => {
    setMeta(null);
    expect(pageSmsCountries()).toEqual(DEFAULT_SMS_COUNTRIES);
    setMeta(' , 123,');
    expect(pageSmsCountries()).toEqual(DEFAULT_SMS_COUNTRIES);
  });

  it('are what the phone-setup machine offers, unless its input names others', () => {
    setMeta('AT,CH');
    expect(createActor(phoneSetupMachine, { input: {} }).getSnapshot().context.countries).toEqual([
      'AT',
      'CH',
    ]);
    expect(
      createActor(phoneSetupMachine, { input: { countries: ['LU'] } }).getSnapshot().context.countries,
    ).toEqual(['LU']);
  });
});
