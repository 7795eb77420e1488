// The names of the public legal texts, without the schemas of ./legal.ts (which re-exports them): the
// footer of every page and the router's /legal/{name} check need only these.

/** The public legal texts (SEED-SPEC §7), linked in every footer. */
export const LEGAL_TEXTS = ['terms-conditions', 'impressum', 'datenschutz', 'condition-agreements'] as const;
export type LegalText = (typeof LEGAL_TEXTS)[number];
