/**
 * A candidate's card (PRODUCT.md §10, issue 21): `full` with name, photo, e-mail, phone and birth
 * date, for candidates who consented to be presented by name; `anonymised` with the reference number
 * and the agency's contact instead. One word pair everywhere (issue 43 point 2): the card URL
 * (`GET /api/agent/card/{uuid}/{format}`), a send's attachments, a submission's card, the access log
 * (`card_full`, `card_anonymised`) and the timeline's `card.downloaded` / `card.sent` details.
 */
export const CARD_KINDS = ['full', 'anonymised'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/** The access log's word for reading a card of this kind. */
export const cardAccess = <K extends CardKind>(kind: K) => `card_${kind}` as const;
