/**
 * What other documents may read of hold requests, as a relation to join (one statement): the sales
 * dashboard counts holds by state, project and expiry. Columns keep their types.
 */
export const HOLD_FACTS = '(select id, status, project_id, expires_at from hold_requests)';
