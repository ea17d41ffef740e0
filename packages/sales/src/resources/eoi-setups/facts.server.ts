/**
 * What other documents may read of EOI launches (setups), as a relation to join (one statement): the
 * sales dashboard names each launch and its project. Columns keep their types.
 */
export const EOI_SETUP_FACTS = '(select id, name, project_id from eoi_setups)';
