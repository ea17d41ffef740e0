/**
 * What other documents may read of EOIs, as a relation to join (one statement): the sales dashboard
 * counts each launch's EOIs, paid ones, tokens and money kept. Columns keep their types.
 */
export const EOI_FACTS = '(select id, setup_id, token, paid_at, paid_amount, refunded_amount from eois)';
