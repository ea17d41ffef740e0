// face (facesm): a unit's claim checks other folders call (issue 30, a document's face): the ledger's change of
// unit locks the new unit and asks that nobody else claims it.
export { assertClaimable, lockUnit } from './claims.server.js';
