// face (facess): a contract's schedule written and revised, and its unit changed, through the installment ledger.
export { changeUnit, reviseSchedule, writeSchedule } from './ledger.server.js';
