// The unit board, as the other sales folders use it: a claim's change that keeps the unit's status, put on the board stream.
export { publishClaimChange } from './publish.server.js';
