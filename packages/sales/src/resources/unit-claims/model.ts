/**
 * The kinds of claim a document takes on a unit, declared once: a hold request's or a draft
 * reservation's `hold`, an EOI's `allocation`, a confirmed reservation's `reservation`. The claims
 * code, the board's answer and its OpenAPI schema take them from here.
 */
export const CLAIM_KINDS = ['hold', 'allocation', 'reservation'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];
