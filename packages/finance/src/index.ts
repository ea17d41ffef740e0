export {
  Money,
  addMoney,
  allocateOldestFirst,
  compareMoney,
  decimal,
  formatMoney,
  isMoney,
  moneyText,
  parseMoney,
  percentOf,
  roundMoney,
  splitByShares,
  splitEvenly,
  splitLastTakesRest,
  subtractMoney,
  sumMoney,
  toMoney,
} from './money.js';
export type { CurrencyCode, MoneyValue } from './money.js';
export { MONTHS_PER_PERIOD, addMonths, generateSchedule, isIsoDate, planProblems } from './schedule.js';
export type { PlanProblem, PlanProblemCode } from './schedule.js';
export type { Frequency, PlanTerms, Schedule, ScheduleKind, ScheduleLine } from './schedule.js';
export { MAX_AMOUNT_IN_WORDS, amountInWords, integerInWords } from './words.js';
export type { WordsLanguage } from './words.js';
