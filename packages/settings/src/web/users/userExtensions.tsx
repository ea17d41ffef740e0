import type { FormExtension, ResourcePageProps } from '@propdesk/records/web';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { z } from 'zod';
import { passwordSchema } from '../../model/people.js';
import { RolesField } from './RolesField.js';
import { UserAccountPanel } from './UserAccountPanel.js';
import { useUserWords } from './userWords.js';

type UserFieldsProps = Parameters<FormExtension['render']>[0];

/** The first password (create only) and the roles, in the page's language. */
function UserFormFields({ record, values, errors, editing, setValue }: UserFieldsProps) {
  const { t, least } = useUserWords();
  return (
    <Stack spacing={2.5}>
      {!editing ? (
        <TextField
          id="field-password"
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('users.firstPassword')}
          required
          size="small"
          fullWidth
          value={String(values.password ?? '')}
          onChange={(event) => setValue('password', event.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password ?? t('users.firstPasswordHelp', { n: least })}
        />
      ) : null}
      <RolesField value={(values.roles as string[]) ?? []} initialLabels={(record?.roleNames as string[] | undefined) ?? []} error={errors.roles} onChange={(next) => setValue('roles', next)} />
    </Stack>
  );
}

const roleIds = z.array(z.uuid({ error: 'Must be a role' })).max(50);

/** A first password (create only) and the user's roles, added to the generated user form. */
const userForm: FormExtension = {
  create: { password: passwordSchema, roles: roleIds.default([]) },
  update: { roles: roleIds.optional() },
  defaults: (record) => ({ ...(record ? {} : { password: '' }), roles: (record?.roles as string[] | undefined) ?? [] }),
  render: (props) => <UserFormFields {...props} />,
};

const renderUser = (record: Record<string, unknown>) => <UserAccountPanel userId={String(record.id)} roleNames={(record.roleNames as string[] | undefined) ?? []} />;

type UserExtension = Omit<ResourcePageProps, 'def' | 'mode'>;

/** The user list's form adds password and roles, its view the account actions. */
export const userList: UserExtension = { formExtension: userForm, renderExtra: renderUser };

/** The spec's create user route: the form with the first password and roles. */
export const userCreate: UserExtension = { formExtension: userForm };
