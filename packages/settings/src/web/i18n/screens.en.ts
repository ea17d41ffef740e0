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

  // A user's form (first password, roles) and account panel
  'users.firstPassword': 'First password',
  'users.firstPasswordHelp': 'At least {n} characters; tell the user in person.',
  'users.roles': 'Roles',
  'users.account': 'Account',
  'users.noRoles': 'No roles: this user can sign in but sees nothing.',
  'users.setNewPassword': 'Set a new password',
  'users.signOutEverywhere': 'Sign out everywhere',
  'users.newPassword': 'New password',
  'users.newPasswordHelp': 'At least {n} characters. The user is signed out everywhere.',
  'users.cancel': 'Cancel',
  'users.setPassword': 'Set password',
  'users.passwordSet': 'Password set. Their open sessions have ended.',
  'users.signedOut': 'Signed out everywhere.',
  'users.notValidPassword': 'Not a valid password',
};

export type ScreensKey = keyof typeof screensEn;
