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
import { useT } from '@propdesk/i18n/react';
import type { ScreenLinks } from '@propdesk/records/model';
import { humanize, shownReason } from '@propdesk/records/web';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Board, BoardStatus, BoardUnit } from './model.js';
import { useUnitActionMutation, useUnitStoryQuery } from './boardApi.web.js';
import { ExtensionDialog, ReasonDialog, RequestHoldDialog } from './HoldDialogs.web.js';
import { salesCatalog } from '../../web/i18n/catalog.js';
import { useFormat } from '../../web/i18n/format.js';
import { holdLinks } from '../hold-requests/links.js';
import { reservationLinks } from '../reservations/links.js';
import { eoiLinks } from '../eois/links.js';

const VERB = { hold: 'unit.heldBy', allocation: 'unit.allocatedTo', reservation: 'unit.reservedBy' } as const;
/** Where a claim's document opens (its list's record view). */
const DOCUMENT_LINKS: Record<string, ScreenLinks> = { 'hold-requests': holdLinks, reservations: reservationLinks, eois: eoiLinks };

export function StatusChip({ status, statuses }: { status: string; statuses: readonly BoardStatus[] }) {
  const known = statuses.find((one) => one.name === status);
  return <Chip size="small" label={known?.label ?? humanize(status)} sx={{ bgcolor: known?.color, color: known ? undefined : 'text.primary', fontWeight: 600 }} />;
}

/** A unit's status changes, newest first (`GET /api/units/{id}/story`). */
export function UnitStory({ unitId, statuses }: { unitId: string; statuses: readonly BoardStatus[] }) {
  const t = useT(salesCatalog);
  const format = useFormat();
  const { data, error, isLoading } = useUnitStoryQuery(unitId);
  const label = (status: string | null) => (status ? (statuses.find((one) => one.name === status)?.label ?? humanize(status)) : '—');
  if (isLoading) return <Typography variant="body2">{t('unit.loadingStory')}</Typography>;
  if (error) return <Alert severity="error">{toApiError(error).message}</Alert>;
  if (!data || data.length === 0) return <Typography variant="body2">{t('unit.noStory')}</Typography>;
  return (
    <List dense aria-label={t('unit.storyLabel')} disablePadding>
      {data.map((line) => (
        <ListItem key={line.id} disableGutters divider>
          <ListItemText
            primary={line.action ? t('unit.storyLineAction', { from: label(line.from), to: label(line.to), action: t('unit.storyAction', { action: line.action, name: humanize(line.action) }) }) : t('unit.storyLine', { from: label(line.from), to: label(line.to) })}
            secondary={[format.dateTime(line.at), line.actorName ?? (line.source === 'system' ? t('common.theSystem') : null), line.document?.label, line.reason ? shownReason(line.reason, format.language) : null].filter(Boolean).join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}

type Dialog = 'hold' | 'extend' | 'block' | 'unblock' | null;

/** The reservation form for a unit; from one's own hold, the hold too (its customer fills the form). */
export const reserveLink = (unit: BoardUnit, fromOwnHold: boolean) =>
  reservationLinks.linkToCreate({ unit: unit.id, ...(fromOwnHold && unit.claim?.documentResource === 'hold-requests' ? { fromHold: unit.claim.documentId } : {}) });

/**
 * A unit's card on the board: what it is, its price and the plans it can be bought on, its live
 * claim (who holds it until when), the actions the caller may take and the unit's story.
 */
export function UnitCard({ unit, board, onClose }: { unit: BoardUnit; board: Board; onClose: () => void }) {
  const t = useT(salesCatalog);
  const format = useFormat();
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
      enqueueSnackbar(t(action === 'block' ? 'unit.blocked' : 'unit.unblocked', { code: unit.code }), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toApiError(error).message, { variant: 'error' });
    }
  };

  const facts: [string, string][] = [
    [t('unit.block'), unit.block],
    [t('unit.floor'), String(unit.floor)],
    [t('unit.type'), unit.unitType ?? '—'],
    [t('unit.bedrooms'), unit.bedrooms === null ? '—' : format.number(unit.bedrooms)],
    [t('unit.bathrooms'), unit.bathrooms === null ? '—' : format.number(unit.bathrooms)],
    [t('unit.area'), unit.areaM2 ? t('board.area', { n: String(unit.areaM2) }) : '—'],
    [t('unit.garden'), unit.gardenM2 ? t('board.area', { n: String(unit.gardenM2) }) : '—'],
    [t('unit.view'), unit.view ?? '—'],
  ];

  return (
    <Drawer anchor={phone ? 'bottom' : 'right'} open onClose={onClose} slotProps={{ paper: { sx: { width: phone ? '100%' : 420, maxHeight: phone ? '90vh' : undefined } } }}>
      <Box component="section" aria-labelledby="unit-card-title" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id="unit-card-title" variant="h6" component="h2">
            {t('unit.title', { code: unit.code })}
          </Typography>
          <IconButton aria-label={t('unit.closeCard')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <StatusChip status={unit.status} statuses={board.statuses} />
        {claim ? (
          <Alert severity={mine ? 'success' : 'info'} sx={{ mt: 1 }} aria-label={t('unit.currentClaim')}>
            {t(VERB[claim.kind] ?? 'unit.claimedBy')} {mine ? t('common.you') : (claim.holder ?? t('common.someone'))}
            {claim.expiresAt ? t('unit.until', { time: format.dateTime(claim.expiresAt) }) : ''}.{' '}
            {DOCUMENT_LINKS[claim.documentResource] ? (
              <Link component={RouterLink} to={DOCUMENT_LINKS[claim.documentResource]!.link(claim.documentId)}>
                {t('unit.open', { kind: claim.kind })}
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
          <dt>{t('unit.basePrice')}</dt>
          <dd>{board.prices ? (unit.basePrice ? format.money(unit.basePrice, currency) : '—') : t('unit.notShown')}</dd>
        </Box>

        {board.plans.length > 0 ? (
          <>
            <Typography variant="subtitle2" component="h3">
              {t('unit.plans')}
            </Typography>
            <Table size="small" aria-label={t('unit.plans')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('unit.plan')}</TableCell>
                  <TableCell>{t('unit.down')}</TableCell>
                  <TableCell>{t('unit.years')}</TableCell>
                  <TableCell align="right">{t('unit.price')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {board.plans.map((plan) => (
                  <TableRow key={plan.id}>
                    <TableCell>
                      {/* A plan's name is data (often English) and a discount a signed figure: each keeps its own direction inside an Arabic row. */}
                      <bdi>{plan.name}</bdi>
                      {Number(plan.discountPct) > 0 ? (
                        <>
                          {' '}
                          <bdi>(−{format.percent(plan.discountPct)})</bdi>
                        </>
                      ) : null}
                    </TableCell>
                    <TableCell>{format.percent(plan.downPaymentPct)}</TableCell>
                    <TableCell>
                      {t('unit.planYears', { years: format.number(plan.years), frequency: plan.frequency })}
                    </TableCell>
                    <TableCell align="right">{unit.basePrice ? format.money(subtractMoney(unit.basePrice, percentOf(unit.basePrice, plan.discountPct)), currency) : '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        ) : null}

        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 2 }} aria-label={t('unit.actions')}>
          {available && checker.can('holdRequest', 'create') ? (
            <Button variant="contained" onClick={() => setDialog('hold')}>
              {t('unit.requestHold')}
            </Button>
          ) : null}
          {(available || mine) && checker.can('reservation', 'create') ? (
            <Button variant="outlined" component={RouterLink} to={reserveLink(unit, mine)}>
              {t('unit.reserve')}
            </Button>
          ) : null}
          {mine && claim ? (
            <Button variant="outlined" onClick={() => setDialog('extend')}>
              {t('unit.askMoreTime')}
            </Button>
          ) : null}
          {available && checker.can('unit', 'block') ? (
            <Button color="warning" onClick={() => setDialog('block')}>
              {t('unit.blockAction')}
            </Button>
          ) : null}
          {unit.status === 'blocked' && checker.can('unit', 'block') ? <Button onClick={() => setDialog('unblock')}>{t('unit.unblockAction')}</Button> : null}
        </Stack>

        <Divider />
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('unit.story')}
        </Typography>
        <UnitStory unitId={unit.id} statuses={board.statuses} />
      </Box>

      {dialog === 'hold' ? <RequestHoldDialog unit={unit} project={board.project.id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'extend' && claim ? <ExtensionDialog holdId={claim.documentId} project={board.project.id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'block' || dialog === 'unblock' ? (
        <ReasonDialog
          title={t(dialog === 'block' ? 'unit.blockTitle' : 'unit.unblockTitle', { code: unit.code })}
          body={dialog === 'block' ? t('unit.blockBody') : undefined}
          onConfirm={(reason) => void act(dialog, reason)}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </Drawer>
  );
}
