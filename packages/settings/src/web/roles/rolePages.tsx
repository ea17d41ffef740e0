import { resourceScreen, type FormExtension } from '@propdesk/records/web';
import type { Privilege } from '@propdesk/privileges';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { privilegeListSchema } from '../../model/people.js';
import { SETTINGS_RESOURCES } from '../../model/definitions/index.js';
import { RoleMatrix } from './RoleMatrix.js';

/** The privilege matrix added to the generated role form; saved with the role in one request. */
const roleForm: FormExtension = {
  create: { privileges: privilegeListSchema.default([]) },
  update: { privileges: privilegeListSchema.optional() },
  defaults: (record) => ({ privileges: (record?.privileges as Privilege[] | undefined) ?? [] }),
  render: ({ values, errors, setValue }) => (
    <>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Privileges
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        A change applies to this role’s users on their next request.
      </Typography>
      <RoleMatrix value={(values.privileges as Privilege[]) ?? []} resources={SETTINGS_RESOURCES} error={errors.privileges} onChange={(next) => setValue('privileges', next)} />
    </>
  ),
};

const renderRole = (record: Record<string, unknown>) => (
  <Paper variant="outlined" sx={{ p: 2 }}>
    <Typography variant="h6" component="h3">
      Privileges
    </Typography>
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
      {Number(record.userCount ?? 0) === 1 ? '1 user has this role.' : `${Number(record.userCount ?? 0)} users have this role.`}
    </Typography>
    <RoleMatrix value={(record.privileges as Privilege[]) ?? []} resources={SETTINGS_RESOURCES} readOnly />
  </Paper>
);

/** The role screens: the list, and the spec's create and edit routes, with the matrix. */
export const rolePages = {
  list: resourceScreen('roles', SETTINGS_RESOURCES, { formExtension: roleForm, renderExtra: renderRole }),
  create: resourceScreen('roles', SETTINGS_RESOURCES, { mode: 'create', formExtension: roleForm }),
  edit: resourceScreen('roles', SETTINGS_RESOURCES, { mode: 'edit', formExtension: roleForm }),
};

export type RolePage = keyof typeof rolePages;
