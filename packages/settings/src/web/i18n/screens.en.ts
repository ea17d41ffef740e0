/**
 * The English words of the settings screens' extras (issue 29), each the screen's text as it was,
 * byte for byte. Keys are `<screen>.<word>`.
 */
export const screensEn = {
  // The role privileges matrix and the role's form and view
  'roles.privileges': 'Privileges',
  'roles.changeApplies': 'A change applies to this role’s users on their next request.',
  'roles.userCount': '{count, plural, one {{n} user has this role.} other {{n} users have this role.}}',
  'roles.entity': 'Entity',
  'roles.all': 'All',
  'roles.act.read': 'read',
  'roles.act.create': 'create',
  'roles.act.update': 'update',
  'roles.act.delete': 'delete',
  'roles.act.approve': 'approve',
  'roles.act.export': 'export',
  'roles.act.readAll': 'readAll',
  'roles.act.assign': 'assign',
  'roles.act.block': 'block',
  'roles.columnEvery': '{action} on every entity',
  'roles.actionOn': '{action} on {entity}',
  'roles.everyActionOn': 'Every action on {entity}',
  'roles.furtherActions': '↳ Further actions',
  'roles.extraReadAll': 'See every lead (not only own, pool and team)',
  'roles.extraAssign': 'Assign to others, merge',
  'roles.protectedField': '↳ {field} (protected field)',
  'roles.fieldActionOf': '{action} {field} of {entity}',
  'roles.groupSales': 'Sales',
  'roles.groupSettingsLeads': 'Settings › Leads',
  'roles.groupSettingsGeneral': 'Settings › General',
  'roles.groupSettingsRoles': 'Settings › Roles',
  'roles.groupProcurement': 'Procurement',
  'roles.groupSystem': 'System',
};

export type ScreensKey = keyof typeof screensEn;
