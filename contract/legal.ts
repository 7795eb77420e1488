/** The public legal texts (SEED-SPEC §7), linked in every footer. */
export const LEGAL_TEXTS = ['terms-conditions', 'impressum', 'datenschutz', 'condition-agreements'] as const;
export type LegalText = (typeof LEGAL_TEXTS)[number];
