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
  // Success messages the engine writes itself (a server's message is shown as it comes)
  recordSaved: '{singular} saved.',
  recordActivated: '{singular} activated.',
  fieldRestored: '{field} restored.',
  imported: 'Imported {created} new and {updated} updated {label}.',
  referenceCreated: '{singular} “{text}” created.',
  referenceNotCreated: '{singular} not created.',
  referenceNotCreatedWhy: '{singular} not created: {field} {problem}.',
  // Saved views
  viewSaved: 'View “{name}” saved.',
  viewUpdated: 'View “{name}” updated.',
  viewUpdate: 'Update “{name}” with this layout',
  viewNoDefault: 'No default view now.',
  viewOpensFirst: '“{name}” opens first from now on.',
  viewStopFirst: 'Stop opening this view first',
  viewOpenFirst: 'Open this view first',
  viewPrivateNow: 'View is private now.',
  viewSharedNow: 'View shared with everyone.',
  viewMakePrivate: 'Make private',
  viewShare: 'Share with everyone',
  viewDeleted: 'View “{name}” deleted.',
  viewDelete: 'Delete “{name}”',
  viewSaveTitle: 'Save this view',
  viewName: 'Name',
  viewKeeps: 'Columns, widths, filters, sort and density are kept.',
  viewSave: 'Save view',
} as const;
