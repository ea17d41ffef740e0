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
  landing: 20,
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
  landing: 2,
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
  landing: 8,
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

/**
 * API keys (issue 27): a program's way in (`Authorization: Bearer pdk_…`). Made and revoked by the
 * settings server's own calls (the key is shown once, at creation; only its sha-256 is kept, in a
 * column no definition names, so no answer and no history carries it); read by the engine. Each key
 * acts through a service user named after it (`user`), holding the key's roles.
 */
export const apiKeys: ResourceDef = {
  name: 'api-keys',
  table: 'api_keys',
  existingTable: true,
  hasActive: false,
  readOnly: true,
  label: 'API keys',
  singular: 'API key',
  entity: 'apiKey',
  codeField: 'prefix',
  route: '/settings/roles/api-keys',
  fields: {
    name: f.text('Name', { required: true, searchable: true, maxLength: 120, help: 'Who uses it, e.g. "Website form"; history names the key by it.' }),
    roles: f.refs('Roles', 'roles', { required: true, help: 'The key may do what a user with these roles may do.' }),
    prefix: f.text('Key starts with', { readOnly: true, maxLength: 20 }),
    expiresAt: { kind: 'datetime', label: 'Expires', emptyText: 'Never' },
    lastUsedAt: { kind: 'datetime', label: 'Last used', readOnly: true, emptyText: 'Never' },
    revokedAt: { kind: 'datetime', label: 'Revoked', readOnly: true },
    user: f.ref('Acts as', 'users', { readOnly: true, hidden: true }),
  },
  defaultSort: ['-createdOn'],
  listColumns: ['name', 'roles', 'prefix', 'createdOn', 'lastUsedAt', 'expiresAt', 'revokedAt'],
  formLayout: [['name'], ['roles'], ['expiresAt']],
};

/**
 * A role's grants (`role_privileges`, auth-session's table, read by the privileges engine on every
 * request): the role's internal child. Written only by the role's hooks, through the engine's set-based
 * writes in the role's transaction; no API, screen or entity of its own (the role's matrix is its face).
 */
export const rolePrivileges: ResourceDef = {
  name: 'role-privileges',
  table: 'role_privileges',
  existingTable: true,
  hasActive: false,
  internal: { parentField: 'role' },
  label: 'Role privileges',
  singular: 'Role privilege',
  entity: 'role',
  labelField: 'entityName',
  fields: {
    role: f.ref('Role', 'roles', { required: true }),
    entityName: f.text('Entity', { required: true, maxLength: 64 }),
    fieldName: f.text('Field', { maxLength: 64 }),
    action: f.text('Action', { required: true, maxLength: 32 }),
  },
  defaultSort: ['entityName'],
  listColumns: ['entityName', 'fieldName', 'action'],
};

/** A user's roles (`user_roles`, auth-session's table): the user's internal child, written by the user's hooks. */
export const userRoles: ResourceDef = {
  name: 'user-roles',
  table: 'user_roles',
  existingTable: true,
  hasActive: false,
  internal: { parentField: 'user' },
  label: 'User roles',
  singular: 'User role',
  entity: 'user',
  labelField: 'role',
  fields: {
    user: f.ref('User', 'users', { required: true }),
    role: f.ref('Role', 'roles', { required: true }),
  },
  defaultSort: ['createdOn'],
  listColumns: ['role'],
};
