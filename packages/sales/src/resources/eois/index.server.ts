// EOIs, as the other sales folders use them: a launch's row and window, an EOI's money settled, unit types checked.
export { assertUnitTypes, assertWindowOpen, settleEoi, setupRow, type SetupRow } from './lifecycle.server.js';
