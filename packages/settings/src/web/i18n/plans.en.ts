/**
 * The English words of the payment plan's schedule preview (issue 29), each as the screen showed it
 * before, byte for byte. Keys are `plans.<word>`.
 */
export const plansEn = {
  'plans.preview': 'Schedule preview',
  'plans.previewHelp': 'What a buyer pays under this plan, for a sample price. Amounts are exact to the piastre and add up to the price.',
  'plans.samplePrice': 'Sample price ({currency})',
  'plans.firstPayment': 'First payment',
  'plans.price': 'Price {amount}',
  'plans.discount': 'Discount {amount}',
  'plans.net': 'Net {amount}',
  'plans.payments': '{count, plural, one {{n} payment} other {{n} payments}}',
  'plans.schedule': 'Installment schedule',
  'plans.due': 'Due',
  'plans.payment': 'Payment',
  'plans.amount': 'Amount',
  'plans.share': 'Share',
  'plans.total': 'Total',
  'plans.kind.down_payment': 'Down payment',
  'plans.kind.installment': 'Installment',
  'plans.kind.delivery': 'On delivery',
  'plans.kind.maintenance': 'Maintenance',
  'plans.kind.fee': 'Fee',
  'plans.problem.percent': 'Between 0 and 100',
  'plans.problem.years': 'A whole number from 0 to 30',
  'plans.problem.months': 'A whole number of months from 0 to 360',
  'plans.problem.over100': 'The percentages add up to {total}%; they must add up to 100%.',
  'plans.problem.notAll': 'With no installment years the percentages must add up to 100% (now {total}%).',
  'plans.problem.nothingLeft': 'Nothing is left for installments: set years to 0 or lower a percentage.',
};

export type PlansKey = keyof typeof plansEn;
