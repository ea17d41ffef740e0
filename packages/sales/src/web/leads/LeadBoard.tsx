import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecordRow } from '@propdesk/records/model';
import { toApiError } from '@propdesk/api-client';
import { recordsApi } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useState, type DragEvent } from 'react';
import { usePatchLeadMutation } from './leadApi.js';

const CARDS_PER_COLUMN = 25;
const DAY = 86_400_000;

/** How a lead's card stands out: an overdue follow-up, or validity ending within three days. */
export function urgencyOf(lead: RecordRow, now = Date.now()): { overdue: boolean; expiring: boolean } {
  const follow = typeof lead.nextFollowUpAt === 'string' ? new Date(lead.nextFollowUpAt).getTime() : null;
  const until = typeof lead.validUntil === 'string' ? new Date(lead.validUntil).getTime() : null;
  return { overdue: follow !== null && follow < now, expiring: until !== null && until - now < 3 * DAY };
}

const shortDate = (iso: unknown) => (typeof iso === 'string' ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' }) : '');

type Status = { id: string; name: string; color: string };
type Dragging = { lead: RecordRow; next: string | null };

function Column({ status, next, onOpen, dragging, setDragging, onDrop }: {
  status: Status;
  next: Status | null;
  onOpen: (id: string) => void;
  dragging: Dragging | null;
  setDragging: (value: Dragging | null) => void;
  onDrop: (lead: RecordRow, to: Status) => void;
}) {
  const { data, isLoading, error } = recordsApi.useListRecordsQuery({
    resource: 'leads',
    params: { 'filter[status][eq]': status.id, pageSize: String(CARDS_PER_COLUMN), sort: 'nextFollowUpAt,-createdOn' },
  });
  // A card moves one step: only the column right after its own takes the drop.
  const accepts = dragging !== null && dragging.next === status.id;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={`${status.name} column`}
      data-status={status.name}
      onDragOver={(event: DragEvent) => {
        if (accepts) event.preventDefault();
      }}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        if (accepts && dragging) onDrop(dragging.lead, status);
        setDragging(null);
      }}
      sx={{ width: 280, flexShrink: 0, p: 1, bgcolor: accepts ? 'action.hover' : 'background.paper', borderTop: `4px solid ${status.color}` }}
    >
      <Stack direction="row" sx={{ alignItems: 'baseline', mb: 1, px: 0.5 }}>
        <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 600 }}>
          {status.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          {data ? `${data.total}` : ''}
        </Typography>
      </Stack>
      {error ? <Alert severity="error">{toApiError(error).message}</Alert> : null}
      <Stack spacing={1} tabIndex={0} role="region" aria-label={`${status.name} leads`} sx={{ maxHeight: '65vh', overflowY: 'auto' }}>
        {isLoading ? <Typography variant="body2">Loading…</Typography> : null}
        {(data?.data ?? []).map((lead) => {
          const { overdue, expiring } = urgencyOf(lead);
          return (
            <Paper
              key={lead.id}
              elevation={0}
              draggable={next !== null}
              data-testid="lead-card"
              onDragStart={(event: DragEvent) => {
                event.dataTransfer.setData('text/plain', lead.id);
                setDragging({ lead, next: next?.id ?? null });
              }}
              onDragEnd={() => setDragging(null)}
              onClick={() => onOpen(lead.id)}
              role="button"
              tabIndex={0}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen(lead.id);
                }
              }}
              sx={{
                p: 1,
                cursor: next ? 'grab' : 'pointer',
                border: 1,
                borderColor: 'divider',
                borderLeft: 4,
                borderLeftColor: overdue ? 'error.main' : expiring ? 'warning.main' : 'divider',
              }}
            >
              <Typography variant="body2" data-testid="lead-card-name" sx={{ fontWeight: 600 }}>
                {String(lead.fullName)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {String(lead.phone)} · {lead.refLabels.assignedTo ?? 'Pool'}
              </Typography>
              <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
                {overdue ? <Chip size="small" color="error" label={`Follow-up ${shortDate(lead.nextFollowUpAt)}`} /> : null}
                {expiring ? <Chip size="small" color="warning" label={`Expires ${shortDate(lead.validUntil)}`} /> : null}
              </Stack>
            </Paper>
          );
        })}
        {data && data.total > CARDS_PER_COLUMN ? (
          <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
            {data.total - CARDS_PER_COLUMN} more: use the list’s filters.
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The leads by status; a card is dragged to the next status (a saved change with the lead's history). */
export function LeadBoard({ onOpen }: { onOpen: (id: string) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const [patchLead] = usePatchLeadMutation();
  const { data } = recordsApi.useListRecordsQuery({ resource: 'lead-statuses', params: { pageSize: '50', sort: 'sortOrder,name' } });
  const statuses: Status[] = (data?.data ?? []).map((row) => ({ id: row.id, name: String(row.name), color: String(row.color ?? '#1a73e8') }));
  const move = async (lead: RecordRow, to: Status) => {
    // The patch refreshes the columns (its `Record` tag), refused or not.
    const result = await patchLead({ id: lead.id, body: { version: lead.version, status: to.id } });
    if ('error' in result) enqueueSnackbar(toApiError(result.error).message, { variant: 'error' });
    else enqueueSnackbar(`${String(lead.fullName)}: ${to.name}.`, { variant: 'success' });
  };
  return (
    <Box tabIndex={0} role="region" aria-label="Leads by status" sx={{ overflowX: 'auto', pb: 1 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 'min-content' }}>
        {statuses.map((status, index) => (
          <Column key={status.id} status={status} next={statuses[index + 1] ?? null} onOpen={onOpen} dragging={dragging} setDragging={setDragging} onDrop={(lead, to) => void move(lead, to)} />
        ))}
      </Stack>
    </Box>
  );
}
