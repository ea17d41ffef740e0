// EOIs, as the other sales folders use them: a launch's window checked, an EOI's money settled, a closed launch's unpaid EOIs expired, unit types checked.
export { assertUnitTypes, assertWindowOpen, expireUnpaid, settleEoi } from './lifecycle.server.js';
