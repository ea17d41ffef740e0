import type { ResourceDef } from '@propdesk/records/model';
import { f } from '@propdesk/records/model';

/** Departments, users and roles live in auth-session's tables; the engine adds its columns to them. */
export const departments: ResourceDef = {
  name: 'departments',
  table: 'departments',
  existingTable: true,
  label: 'Departments',
  singular: 'Department',
  entity: 'department',
  codeField: 'code',
  route: '/settings/general/departments',
  fields: {
    name: f.name(),
    code: f.text('Code', { unique: true, searchable: true, maxLength: 12 }),
    manager: f.ref('Manager', 'users'),
    parent: f.ref('Parent department', 'departments'),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'code', 'manager', 'parent'],
  formLayout: [['name', 'code'], ['manager', 'parent']],
  rule: (values) => (values.parent && values.parent === values.id ? [{ field: 'parent', message: 'A department is not its own parent' }] : []),
};

export const users: ResourceDef = {
  name: 'users',
  table: 'users',
  existingTable: true,
  deactivateOnly: true,
  label: 'Users',
  singular: 'User',
  entity: 'user',
  labelField: 'fullName',
  codeField: 'username',
  route: '/sales/users',
  fields: {
    username: f.text('Username', { required: true, unique: true, searchable: true, maxLength: 64, help: 'Used to sign in; not case-sensitive.' }),
    fullName: f.text('Full name', { required: true, searchable: true, maxLength: 120 }),
    email: f.email('Email', { searchable: true }),
    phone: f.phone('Phone'),
    department: f.ref('Department', 'departments'),
    userType: f.ref('User type', 'user-types'),
    salesTeam: f.ref('Sales team', 'sales-teams'),
    site: f.ref('Site', 'sites'),
  },
  defaultSort: ['fullName'],
  listColumns: ['fullName', 'username', 'email', 'department', 'salesTeam', 'active'],
  formLayout: [['username', 'fullName'], ['email', 'phone'], ['department', 'userType'], ['salesTeam', 'site']],
};

export const roles: ResourceDef = {
  name: 'roles',
  table: 'roles',
  existingTable: true,
  hasActive: false,
  label: 'Roles',
  singular: 'Role',
  entity: 'role',
  route: '/settings/roles',
  fields: { name: f.name(), description: f.longtext('Description', { searchable: true }) },
  defaultSort: ['name'],
  listColumns: ['name', 'description'],
  formLayout: [['name'], ['description']],
};

export const salesTeams: ResourceDef = {
  name: 'sales-teams',
  table: 'sales_teams',
  label: 'Sales Teams',
  singular: 'Sales team',
  entity: 'salesteam',
  route: '/settings/leads/salesTeams',
  fields: {
    name: f.name(),
    manager: f.ref('Manager', 'users'),
    members: f.refs('Members', 'users'),
    projects: f.refs('Projects', 'projects'),
  },
  defaultSort: ['name'],
  listColumns: ['name', 'manager', 'members', 'projects'],
  formLayout: [['name', 'manager'], ['members'], ['projects']],
};
