import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import { toApiError } from '@propdesk/api-client';
import { useChecker, useCurrentUser } from '@propdesk/auth-session/web';
import { percentOf, subtractMoney } from '@propdesk/finance';
import { formatDateTime, formatMoney, formatPercent, humanize } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Board, BoardStatus, BoardUnit } from './model.js';
import { useUnitActionMutation, useUnitStoryQuery } from './boardApi.web.js';
import { ExtensionDialog, ReasonDialog, RequestHoldDialog } from './HoldDialogs.web.js';

const VERB: Record<string, string> = { hold: 'Held by', allocation: 'Allocated to', reservation: 'Reserved by' };
/** Where a claim's document opens (the engine's list with `?record=`). */
const DOCUMENT_ROUTE: Record<string, string> = { 'hold-requests': '/settings/leads/holdRequests', reservations: '/Reservations', eois: '/sales/eoi/list' };

export function StatusChip({ status, statuses }: { status: string; statuses: readonly BoardStatus[] }) {
  const known = statuses.find((one) => one.name === status);
  return <Chip size="small" label={known?.label ?? humanize(status)} sx={{ bgcolor: known?.color, color: known ? undefined : 'text.primary', fontWeight: 600 }} />;
}

/** A unit's status changes, newest first (`GET /api/units/{id}/story`). */
export function UnitStory({ unitId, statuses }: { unitId: string; statuses: readonly BoardStatus[] }) {
  const { data, error, isLoading } = useUnitStoryQuery(unitId);
  const label = (status: string | null) => (status ? (statuses.find((one) => one.name === status)?.label ?? humanize(status)) : '—');
  if (isLoading) return <Typography variant="body2">Loading the story…</Typography>;
  if (error) return <Alert severity="error">{toApiError(error).message}</Alert>;
  if (!data || data.length === 0) return <Typography variant="body2">No status changes yet.</Typography>;
  return (
    <List dense aria-label="Unit story" disablePadding>
      {data.map((line) => (
        <ListItem key={line.id} disableGutters divider>
          <ListItemText
            primary={`${label(line.from)} → ${label(line.to)}${line.action ? ` (${humanize(line.action)})` : ''}`}
            secondary={[formatDateTime(line.at), line.actorName ?? (line.source === 'system' ? 'the system' : null), line.document?.label, line.reason].filter(Boolean).join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}

type Dialog = 'hold' | 'extend' | 'block' | 'unblock' | null;

/** The reservation form for a unit; from one's own hold, the hold too (its customer fills the form). */
export const reserveLink = (unit: BoardUnit, fromOwnHold: boolean) =>
  `/Reservations/Create?unit=${unit.id}${fromOwnHold && unit.claim?.documentResource === 'hold-requests' ? `&fromHold=${unit.claim.documentId}` : ''}`;

/**
 * A unit's card on the board: what it is, its price and the plans it can be bought on, its live
 * claim (who holds it until when), the actions the caller may take and the unit's story.
 */
export function UnitCard({ unit, board, onClose }: { unit: BoardUnit; board: Board; onClose: () => void }) {
  const checker = useChecker();
  const me = useCurrentUser()?.userId ?? null;
  const { enqueueSnackbar } = useSnackbar();
  const phone = useMediaQuery((theme: { breakpoints: { down: (key: 'sm') => string } }) => theme.breakpoints.down('sm'));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [unitAction] = useUnitActionMutation();
  const currency = board.project.currency;
  const claim = unit.claim;
  const available = unit.status === 'available';
  const mine = claim?.kind === 'hold' && claim.holderId !== null && claim.holderId === me;

  const act = async (action: 'block' | 'unblock', reason: string) => {
    setDialog(null);
    try {
      await unitAction({ id: unit.id, action, reason }).unwrap();
      enqueueSnackbar(`${unit.code} ${action === 'block' ? 'blocked' : 'unblocked'}.`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toApiError(error).message, { variant: 'error' });
    }
  };

  const facts: [string, string][] = [
    ['Block', unit.block],
    ['Floor', String(unit.floor)],
    ['Type', unit.unitType ?? '—'],
    ['Bedrooms', unit.bedrooms === null ? '—' : String(unit.bedrooms)],
    ['Bathrooms', unit.bathrooms === null ? '—' : String(unit.bathrooms)],
    ['Area', unit.areaM2 ? `${unit.areaM2} m²` : '—'],
    ['Garden', unit.gardenM2 ? `${unit.gardenM2} m²` : '—'],
    ['View', unit.view ?? '—'],
  ];

  return (
    <Drawer anchor={phone ? 'bottom' : 'right'} open onClose={onClose} slotProps={{ paper: { sx: { width: phone ? '100%' : 420, maxHeight: phone ? '90vh' : undefined } } }}>
      <Box component="section" aria-labelledby="unit-card-title" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="unit-card-title" variant="h6" component="h2">
            Unit {unit.code}
          </Typography>
          <IconButton aria-label="Close the unit card" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <StatusChip status={unit.status} statuses={board.statuses} />
        {claim ? (
          <Alert severity={mine ? 'success' : 'info'} sx={{ mt: 1 }} aria-label="Current claim">
            {VERB[claim.kind] ?? 'Claimed by'} {mine ? 'you' : (claim.holder ?? 'someone')}
            {claim.expiresAt ? ` until ${formatDateTime(claim.expiresAt)}` : ''}.{' '}
            {DOCUMENT_ROUTE[claim.documentResource] ? (
              <Link component={RouterLink} to={`${DOCUMENT_ROUTE[claim.documentResource]}?record=${claim.documentId}`}>
                Open the {humanize(claim.kind)}
              </Link>
            ) : null}
          </Alert>
        ) : null}

        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, my: 2, '& dt': { color: 'text.secondary' }, '& dd': { m: 0 } }}>
          {facts.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Box>
          ))}
          <dt>Base price</dt>
          <dd>{board.prices ? (unit.basePrice ? formatMoney(unit.basePrice, currency) : '—') : 'Not shown to you'}</dd>
        </Box>

        {board.plans.length > 0 ? (
          <>
            <Typography variant="subtitle2" component="h3">
              Payment plans
            </Typography>
            <Table size="small" aria-label="Payment plans">
              <TableHead>
                <TableRow>
                  <TableCell>Plan</TableCell>
                  <TableCell>Down</TableCell>
                  <TableCell>Years</TableCell>
                  <TableCell align="right">Price</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {board.plans.map((plan) => (
                  <TableRow key={plan.id}>
                    <TableCell>
                      {plan.name}
                      {Number(plan.discountPct) > 0 ? ` (−${formatPercent(plan.discountPct)})` : ''}
                    </TableCell>
                    <TableCell>{formatPercent(plan.downPaymentPct)}</TableCell>
                    <TableCell>
                      {plan.years}, {humanize(plan.frequency).toLowerCase()}
                    </TableCell>
                    <TableCell align="right">{unit.basePrice ? formatMoney(subtractMoney(unit.basePrice, percentOf(unit.basePrice, plan.discountPct)), currency) : '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : null}

        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 2 }} aria-label="Actions">
          {available && checker.can('holdRequest', 'create') ? (
            <Button variant="contained" onClick={() => setDialog('hold')}>
              Request hold
            </Button>
          ) : null}
          {(available || mine) && checker.can('reservation', 'create') ? (
            <Button variant="outlined" component={RouterLink} to={reserveLink(unit, mine)}>
              Reserve
            </Button>
          ) : null}
          {mine && claim ? (
            <Button variant="outlined" onClick={() => setDialog('extend')}>
              Ask for more time
            </Button>
          ) : null}
          {available && checker.can('unit', 'block') ? (
            <Button color="warning" onClick={() => setDialog('block')}>
              Block
            </Button>
          ) : null}
          {unit.status === 'blocked' && checker.can('unit', 'block') ? <Button onClick={() => setDialog('unblock')}>Unblock</Button> : null}
        </Stack>

        <Divider />
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Story
        </Typography>
        <UnitStory unitId={unit.id} statuses={board.statuses} />
      </Box>

      {dialog === 'hold' ? <RequestHoldDialog unit={unit} project={board.project.id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'extend' && claim ? <ExtensionDialog holdId={claim.documentId} project={board.project.id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'block' || dialog === 'unblock' ? (
        <ReasonDialog
          title={`${dialog === 'block' ? 'Block' : 'Unblock'} ${unit.code}?`}
          body={dialog === 'block' ? 'Nobody can hold or reserve it until it is unblocked.' : undefined}
          onConfirm={(reason) => void act(dialog, reason)}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </Drawer>
  );
}
