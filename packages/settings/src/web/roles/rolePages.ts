import { placeholderPage } from '@propdesk/shell-ui';

/** The role screens; each is a placeholder until its issue is built. */
export const rolePages = {
  list: placeholderPage('Roles', 'The roles users are given, each with a description and its privileges.'),
  create: placeholderPage(
    'Create Role',
    'Defines a role as a matrix of entities and actions (read, create, update, delete, approve, export), plus the protected fields each may read or update.',
  ),
  edit: placeholderPage('Edit Role', 'Changes a role’s name, description and privilege matrix.'),
};

export type RolePage = keyof typeof rolePages;
