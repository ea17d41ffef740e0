import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import type { ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AnnouncementTargets } from '@propdesk/notifications-core/model';
import type { AnnouncementTargetKind } from './announcementForm.js';

export type TargetsState = { status: 'loading' } | { status: 'loaded'; targets: AnnouncementTargets } | { status: 'failed' };
export type TargetUser = AnnouncementTargets['users'][number];

const userLabel = (user: TargetUser) => (user.fullName ? `${user.fullName} (${user.username})` : user.username);

export type AnnouncementRecipientProps = {
  targets: TargetsState;
  targetKind: AnnouncementTargetKind;
  targetId: string;
  error: string | undefined;
  myDepartmentId: string | null;
  onTextChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onUserChange: (event: unknown, user: TargetUser | null) => void;
};

/**
 * The announcement's recipient: a department from the list, a user picked by name, or (when the
 * list could not be loaded) an id typed in.
 */
export function AnnouncementRecipient({ targets, targetKind, targetId, error, myDepartmentId, onTextChange, onUserChange }: AnnouncementRecipientProps) {
  const t = useT(shellCatalog);
  const recipientError = { error: Boolean(error), helperText: error };
  if (targets.status === 'loading') return <CircularProgress size={20} aria-label={t('announcementLoadingRecipients')} />;
  if (targets.status === 'failed') {
    return (
      <>
        <Alert severity="warning">{t('announcementRecipientsFailed')}</Alert>
        <TextField
          label={targetKind === 'user' ? t('announcementUserId') : t('announcementDepartmentId')}
          name="targetId"
          required
          value={targetId}
          onChange={onTextChange}
          {...recipientError}
        />
      </>
    );
  }
  const { departments, users } = targets.targets;
  if (targetKind === 'department') {
    return (
      <TextField
        select
        label={t('announcementDepartment')}
        name="targetId"
        required
        value={departments.some((department) => department.id === targetId) ? targetId : ''}
        onChange={onTextChange}
        {...recipientError}
      >
        {departments.map((department) => (
          <MenuItem key={department.id} value={department.id}>
            {department.id === myDepartmentId ? t('announcementMyDepartment', { name: department.name }) : department.name}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <Autocomplete
      options={users}
      getOptionLabel={userLabel}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      value={users.find((user) => user.id === targetId) ?? null}
      onChange={onUserChange}
      renderInput={(params) => <TextField {...params} label={t('announcementUser')} name="targetUser" required {...recipientError} />}
    />
  );
}
