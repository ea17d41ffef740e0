// The collections dashboard and statements of account (issue 18), for the sales server entry.
export { readCollections } from './dashboard.server.js';
export { readStatement, printStatement } from './statement.server.js';
export type { CollectionsDashboard, CustomerStatement, StatementLine } from './model.js';
