import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useT } from '@propdesk/i18n/react';
import { useState } from 'react';
import { MessagesTable, TEMPLATE_KEYS } from './MessagesTable.web.js';
import { useCustomerMessagesQuery, type MessageQuery } from './messagesApi.web.js';
import { MESSAGE_CHANNELS, MESSAGE_STATES, MESSAGE_TEMPLATES, type MessageStatus, type MessageTemplate } from './templates.js';
import { salesCatalog } from '../../web/i18n/catalog.js';

/** Contracts › Messages: every customer message, newest first, filtered by status, channel and template. */
export function MessagesPage() {
  const t = useT(salesCatalog);
  const [filter, setFilter] = useState<MessageQuery>({});
  const { data, isFetching } = useCustomerMessagesQuery(filter, { pollingInterval: 15_000 });
  const select = (name: keyof MessageQuery, label: string, options: readonly string[], labelOf: (value: string) => string = (value) => value) => (
    <TextField
      select
      size="small"
      label={label}
      value={filter[name] ?? ''}
      onChange={(event) => setFilter((before) => ({ ...before, [name]: event.target.value || undefined }))}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value="">{t('msg.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {labelOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">
        {t('msg.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('msg.intro')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {select('status', t('msg.status'), MESSAGE_STATES, (value) => t(`msg.state.${value as MessageStatus}`))}
        {select('channel', t('msg.channel'), MESSAGE_CHANNELS, (value) => t(value === 'email' ? 'msg.email' : 'msg.sms'))}
        {select('template', t('msg.message'), MESSAGE_TEMPLATES, (value) => t(TEMPLATE_KEYS[value as MessageTemplate]))}
      </Stack>
      <Paper variant="outlined" sx={{ p: 1 }} aria-busy={isFetching}>
        <MessagesTable rows={data ?? []} />
      </Paper>
    </Stack>
  );
}
