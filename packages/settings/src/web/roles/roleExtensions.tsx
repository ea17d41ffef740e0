import type { FormExtension, ResourcePageProps } from '@propdesk/records/web';
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

type RoleExtension = Omit<ResourcePageProps, 'def' | 'mode'>;

/** The role list's view and form add the privilege matrix (loaded with the role screens' chunk). */
export const roleList: RoleExtension = { formExtension: roleForm, renderExtra: renderRole };

/** The spec's create and edit role routes: the form with the matrix. */
export const roleEditor: RoleExtension = { formExtension: roleForm };
