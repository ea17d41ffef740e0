import { placeholderPage } from '@propdesk/shell-ui';

/** The user screens; each is a placeholder until its issue is built. */
export const userPages = {
  list: placeholderPage(
    'Users',
    'Staff user accounts: username, full name, contacts, department, user type, roles, sales team, site and whether active.',
  ),
  create: placeholderPage(
    'Create User',
    'Creates a staff user with a first password, department, user type, roles, sales team and site.',
  ),
};

export type UserPage = keyof typeof userPages;
