/**
 * The engine's words added for issue 29's follow-up (the filter chip, the record view's "Used by", the
 * phone input, import, pickers, success messages), spread at the end of `en`. English is the screens' text
 * as it was, byte for byte.
 */
export const engineEn = {
  // The filter's chip (`describeFilter`)
  filterCondition: '{field} {op} {values}',
  filterEmpty: '{field} {op}',
  filterAnd: ' and ',
  filterOr: ' or ',
  filterMore: '{values} and {count} more',
  aChosenRecord: 'a chosen record',
  onlyFilter: 'Only {filter}',
  fixedFilter: 'Fixed filter',
  sortedBy: 'Sorted by {terms}',
  sortedThen: ', then ',
  // The record view's "Used by" notice (the links between the two parts)
  usedByBefore: 'Used by ',
  usedByAfter: ', so it cannot be deleted. Deactivate takes it out of the pickers for new records; the records that use it keep it.',
  usageCount: '{n} {label}',
} as const;
