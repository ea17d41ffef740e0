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
} as const;
