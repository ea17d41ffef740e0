import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MessagesTable, TEMPLATE_LABELS } from './MessagesTable.web.js';
import { useCustomerMessagesQuery, type MessageQuery } from './messagesApi.web.js';
import { MESSAGE_CHANNELS, MESSAGE_STATES, MESSAGE_TEMPLATES } from './templates.js';

/** Contracts › Messages: every customer message, newest first, filtered by status, channel and template. */
export function MessagesPage() {
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
      <MenuItem value="">All</MenuItem>
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
        Customer messages
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Reminders, receipts, bounced cheques, confirmations and statements sent to customers by e-mail and SMS, in each customer&apos;s language. A failed message is
        tried again with backoff; Retry tries it now.
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {select('status', 'Status', MESSAGE_STATES)}
        {select('channel', 'Channel', MESSAGE_CHANNELS, (value) => (value === 'email' ? 'E-mail' : 'SMS'))}
        {select('template', 'Message', MESSAGE_TEMPLATES, (value) => TEMPLATE_LABELS[value] ?? value)}
      </Stack>
      <Paper variant="outlined" sx={{ p: 1 }} aria-busy={isFetching}>
        <MessagesTable rows={data ?? []} />
      </Paper>
    </Stack>
  );
}
