import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { RecordRow } from '@propdesk/records/model';
import type { ResourcePageProps } from '@propdesk/records/web';
import { Link as RouterLink } from 'react-router';

/** Under a commission's view: its broker's statement. */
function StatementLink({ record }: { record: RecordRow }) {
  const broker = typeof record.broker === 'string' ? record.broker : '';
  if (!broker) return null;
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" component={RouterLink} to={`/sales/contracts/commissions/statement?broker=${broker}`}>
        Broker statement
      </Button>
    </Stack>
  );
}

export const commissionExtras: Omit<ResourcePageProps, 'def' | 'mode'> = {
  listHeader: (
    <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
      <Button variant="outlined" component={RouterLink} to="/sales/contracts/commissions/statement">
        Broker statements
      </Button>
    </Stack>
  ),
  renderExtra: (record) => <StatementLink record={record} />,
};
