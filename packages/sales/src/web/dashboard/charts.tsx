import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useLanguage, useT } from '@propdesk/i18n/react';
import { formatNumber } from '@propdesk/i18n';
import { salesCatalog } from '../i18n/catalog.js';
import { Fragment, type ReactNode } from 'react';

/**
 * The dashboards' charts, drawn by MUI X Charts (the charts made for MUI: its theme, tooltips and
 * legend; docs/decisions.md). Each chart is an image with a summary for screen readers and its
 * figures in a table under "Figures", for whoever would rather read than look.
 */

/** Axis figures a glance reads: 1.2M, 350K (in Arabic, 1.2 مليون, Latin digits). */
function useCompact(): (value: number) => string {
  const language = useLanguage();
  return (value) => formatNumber(value, language, { notation: 'compact', maximumFractionDigits: 1 });
}

/** Right to left, bars grow from the right and time runs leftwards: the value axis is reversed, the other axis on the right. */
const useRtl = () => useTheme().direction === 'rtl';

export type Segment = { key: string; label: string; color: string };
export type StackedRow = { label: string; values: Record<string, number>; note?: string };

/** Figures of a chart as a table, folded. */
export function Figures({ head, rows }: { head: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  const t = useT(salesCatalog);
  return (
    <Box component="details" sx={{ mt: 1, '& summary': { cursor: 'pointer', color: 'text.secondary', fontSize: '0.875rem' } }}>
      <summary>{t('common.figures')}</summary>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {row.map((cell, at) => (
                <TableCell key={at}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Horizontal bars, one per row, each split by segment (units by status per project). */
export function StackedBars({ rows, segments, label }: { rows: readonly StackedRow[]; segments: readonly Segment[]; label: string }) {
  const notes = rows.filter((row) => row.note);
  const compact = useCompact();
  const rtl = useRtl();
  return (
    <Box role="img" aria-label={label}>
      <BarChart
        layout="horizontal"
        height={Math.max(120, rows.length * 44 + 70)}
        yAxis={[{ scaleType: 'band', data: rows.map((row) => row.label), width: 130, position: rtl ? 'right' : 'left' }]}
        xAxis={[{ valueFormatter: (value: number) => compact(value), reverse: rtl }]}
        series={segments.map((segment) => ({ id: segment.key, label: segment.label, color: segment.color, stack: 'total', data: rows.map((row) => row.values[segment.key] ?? 0) }))}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'start' } } }}
      />
      {notes.length > 0 ? (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
          {rtl ? notes.map((row, index) => (
                <Fragment key={row.label}>
                  {index > 0 ? ' · ' : ''}
                  <bdi>{row.label}</bdi>: {row.note}
                </Fragment>
              ))
            : notes.map((row) => `${row.label}: ${row.note}`).join(' · ')}
        </Typography>
      ) : null}
    </Box>
  );
}

export function Legend({ segments }: { segments: readonly Segment[] }) {
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }} aria-hidden>
      {segments.map((segment) => (
        <Stack key={segment.key} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 12, height: 12, bgcolor: segment.color, borderRadius: 0.5 }} />
          <Typography variant="caption">{segment.label}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** Vertical columns over time (units per week), with one series. */
export function Columns({ points, label, color }: { points: readonly { label: string; value: number; title: string }[]; label: string; color?: string }) {
  const compact = useCompact();
  const rtl = useRtl();
  return (
    <Box role="img" aria-label={label}>
      <BarChart
        height={200}
        xAxis={[{ scaleType: 'band', data: points.map((point) => point.label), reverse: rtl }]}
        yAxis={[{ width: 64, valueFormatter: (value: number) => compact(value), position: rtl ? 'right' : 'left' }]}
        series={[{ data: points.map((point) => point.value), color, label, valueFormatter: (_value, { dataIndex }) => points[dataIndex]?.title ?? null }]}
        hideLegend
      />
    </Box>
  );
}
