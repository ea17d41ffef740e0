import { useT } from '@propdesk/i18n/react';
import { shellCatalog } from '../i18n/catalog.js';
import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useSelector } from 'react-redux';
import {
  DEFAULT_SOUND,
  SOUND_NAMES,
  chooseNotificationSound,
  selectSoundSettings,
  setNotificationSoundEnabled,
  type SoundName,
} from '@propdesk/notifications-core/web';
import { useNotificationsDispatch } from './useNotificationsDispatch.js';

const isSoundName = (value: string): value is SoundName => (SOUND_NAMES as readonly string[]).includes(value);

/** The sound of a new notification (kept on this device) and whether it plays at all. */
export function NotificationSoundSettings() {
  const { sound, enabled } = useSelector(selectSoundSettings);
  const t = useT(shellCatalog);
  const soundLabel = (name: SoundName) => {
    const word = t('notificationsSoundName', { name });
    return name === DEFAULT_SOUND ? t('notificationsSoundDefault', { sound: word }) : word;
  };
  const dispatch = useNotificationsDispatch();
  const handleSound = (event: ChangeEvent<HTMLInputElement>) => {
    if (isSoundName(event.target.value)) dispatch(chooseNotificationSound(event.target.value));
  };
  const handleEnabled = (event: ChangeEvent<HTMLInputElement>) => dispatch(setNotificationSoundEnabled(event.target.checked));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25 }}>
      <FormControlLabel
        control={<Switch size="small" checked={enabled} onChange={handleEnabled} />}
        label={t('notificationsSound')}
        sx={{ mr: 'auto', '& .MuiFormControlLabel-label': { fontSize: 14 } }}
      />
      <TextField select size="small" label={t('notificationsSoundChoice')} value={sound} onChange={handleSound} disabled={!enabled} sx={{ minWidth: 170 }}>
        {SOUND_NAMES.map((name) => (
          <MenuItem key={name} value={name}>
            {soundLabel(name)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
