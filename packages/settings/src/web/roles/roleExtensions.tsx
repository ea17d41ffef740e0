import type { FormExtension, ResourcePageProps } from '@propdesk/records/web';
import type { Privilege } from '@propdesk/privileges';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { privilegeListSchema } from '../../model/people.js';
import { SETTINGS_RESOURCES } from '../../model/definitions/index.js';
import { RoleMatrix } from './RoleMatrix.js';
import { useRoleWords } from './roleWords.js';
import { formatNumber } from '@propdesk/i18n';

/** The form's heading and note above the matrix, in the page's language. */
function PrivilegesHeading() {
  const { t } = useRoleWords();
  return (
    <>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('roles.privileges')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('roles.changeApplies')}
      </Typography>
    </>
  );
}

/** The role view's privileges: how many users have the role, and the matrix read-only. */
function RolePrivileges({ record }: { record: Record<string, unknown> }) {
  const { t, language } = useRoleWords();
  const count = Number(record.userCount ?? 0);
  // English wrote the count as it is (1250); Arabic with the product's Latin digits, grouped.
  const n = language === 'en' ? String(count) : formatNumber(count, language);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h3">
        {t('roles.privileges')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('roles.userCount', { count, n })}
      </Typography>
      <RoleMatrix value={(record.privileges as Privilege[]) ?? []} resources={SETTINGS_RESOURCES} readOnly />
    </Paper>
  );
}

/** The privilege matrix added to the generated role form; saved with the role in one request. */
const roleForm: FormExtension = {
  create: { privileges: privilegeListSchema.default([]) },
  update: { privileges: privilegeListSchema.optional() },
  defaults: (record) => ({ privileges: (record?.privileges as Privilege[] | undefined) ?? [] }),
  render: ({ values, errors, setValue }) => (
    <>
      <PrivilegesHeading />
      <RoleMatrix value={(values.privileges as Privilege[]) ?? []} resources={SETTINGS_RESOURCES} error={errors.privileges} onChange={(next) => setValue('privileges', next)} />
    </>
  ),
};

const renderRole = (record: Record<string, unknown>) => <RolePrivileges record={record} />;

type RoleExtension = Omit<ResourcePageProps, 'def' | 'mode'>;

/** The role list's view and form add the privilege matrix (loaded with the role screens' chunk). */
export const roleList: RoleExtension = { formExtension: roleForm, renderExtra: renderRole };

/** The spec's create and edit role routes: the form with the matrix. */
export const roleEditor: RoleExtension = { formExtension: roleForm };
