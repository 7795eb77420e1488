import * as v from 'valibot';

/**
 * A text in both languages (`{ de, en }`): the catalogue's labels, and the timeline's field labels. Its
 * own small module: the timeline's schemas reach the login page (contract/account.ts imports one), the
 * catalogue's do not.
 */
export const LocalizedSchema = v.object({
  de: v.pipe(v.string(), v.minLength(1)),
  en: v.pipe(v.string(), v.minLength(1)),
});
export type Localized = v.InferOutput<typeof LocalizedSchema>;
