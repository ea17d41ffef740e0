export { MONTHS_PER_PERIOD, addMonths, generateSchedule, planProblems, splitEvenly } from './schedule.js';
export type { Frequency, PlanTerms, Schedule, ScheduleKind, ScheduleLine } from './schedule.js';
