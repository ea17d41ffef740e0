import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecordRow } from '@propdesk/records/model';

const DAY = 86_400_000;

/** How a lead's card stands out: an overdue follow-up, or validity ending within three days. */
export function urgencyOf(lead: RecordRow, now = Date.now()): { overdue: boolean; expiring: boolean } {
  const follow = typeof lead.nextFollowUpAt === 'string' ? new Date(lead.nextFollowUpAt).getTime() : null;
  const until = typeof lead.validUntil === 'string' ? new Date(lead.validUntil).getTime() : null;
  return { overdue: follow !== null && follow < now, expiring: until !== null && until - now < 3 * DAY };
}

const shortDate = (iso: unknown) => (typeof iso === 'string' ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' }) : '');

/** A lead's lines on the board's card (under its name): phone and agent, and why it is urgent. */
export function LeadCard({ lead }: { lead: RecordRow }) {
  const { overdue, expiring } = urgencyOf(lead);
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="div">
        {String(lead.phone)} · {lead.refLabels.assignedTo ?? 'Pool'}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
        {overdue ? <Chip size="small" color="error" label={`Follow-up ${shortDate(lead.nextFollowUpAt)}`} /> : null}
        {expiring ? <Chip size="small" color="warning" label={`Expires ${shortDate(lead.validUntil)}`} /> : null}
      </Stack>
    </>
  );
}
