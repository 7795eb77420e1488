// The boot script's worker (src/boot.ts): builds the browser's Intl data for the page's languages on
// a thread of its own, while the app's JavaScript is still on its way (issue 22).
//
// The first `Intl.Locale#maximize`, `Intl.NumberFormat` or `Intl.DateTimeFormat` of a language loads
// and builds ICU's data for it: on a phone (4× slowed CPU) 70–190 ms, 90–260 ms and 20–45 ms of the
// main thread, inside the tasks that evaluate react-aria's modules and draw the first page, where
// nothing can answer a tap. ICU keeps that data for the whole renderer process, so built here it is
// ready when the app asks: the same calls then take under a millisecond on the main thread.

/** What the boot script sends: the locales the page will format with, e.g. `['de', 'de-DE']`. */
export type IntlWarmupRequest = readonly string[];

const SAMPLE_DATE = new Date(Date.UTC(2026, 0, 15, 9, 30));

function warm(locale: string): void {
  new Intl.Locale(locale).maximize();
  Intl.getCanonicalLocales(locale);
  // Numbers: scores, counts, distances (src/ui/components/format.ts) and react-aria's own formatters.
  new Intl.NumberFormat(locale).format(1234.5);
  new Intl.NumberFormat(locale, { signDisplay: 'exceptZero' }).resolvedOptions();
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(1.5);
  new Intl.NumberFormat(locale, { style: 'percent' }).format(0.5);
  new Intl.PluralRules(locale).select(1);
  // Dates: the tables' and the timeline's dates, react-aria's date fields.
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(SAMPLE_DATE);
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).formatToParts(SAMPLE_DATE);
  new Intl.DateTimeFormat(locale).resolvedOptions();
  new Intl.RelativeTimeFormat(locale).format(-1, 'day');
  // Sorted and named lists: languages and countries by their label.
  new Intl.Collator(locale).compare('a', 'b');
  new Intl.DisplayNames(locale, { type: 'language' }).of('en');
  new Intl.DisplayNames(locale, { type: 'region' }).of('DE');
  new Intl.ListFormat(locale).format(['a', 'b']);
}

self.addEventListener('message', (event: MessageEvent<IntlWarmupRequest>) => {
  for (const locale of event.data) {
    try {
      warm(locale);
    } catch {
      // A locale this browser does not know: the app falls back by itself; nothing to build.
    }
  }
  self.close();
});
