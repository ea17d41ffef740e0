import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * Small SVG charts for the sales dashboard. The repo has no chart library (the procurement
 * dashboard is figures only) and these charts are plain bars, so they are drawn here rather than
 * adding a dependency. Each chart is an image with a summary for screen readers and its figures in
 * a table under "Figures".
 */

export type Segment = { key: string; label: string; color: string };
export type StackedRow = { label: string; values: Record<string, number>; note?: string };

/** Figures of a chart as a table, folded. */
export function Figures({ head, rows }: { head: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <Box component="details" sx={{ mt: 1, '& summary': { cursor: 'pointer', color: 'text.secondary', fontSize: '0.875rem' } }}>
      <summary>Figures</summary>
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
  const theme = useTheme();
  const max = Math.max(1, ...rows.map((row) => segments.reduce((sum, segment) => sum + (row.values[segment.key] ?? 0), 0)));
  const barHeight = 22;
  const labelWidth = 140;
  // Room after the longest bar for its note ("290 EOIs, 120 tokens").
  const noteWidth = rows.some((row) => row.note) ? 170 : 50;
  const width = 600;
  const height = rows.length * (barHeight + 10) + 4;
  return (
    <Box>
      <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width="100%" style={{ maxHeight: height * 1.5 }}>
        {rows.map((row, index) => {
          const y = index * (barHeight + 10) + 2;
          let x = labelWidth;
          const total = segments.reduce((sum, segment) => sum + (row.values[segment.key] ?? 0), 0);
          return (
            <g key={row.label}>
              <text x={0} y={y + barHeight * 0.7} fontSize={12} fill={theme.palette.text.primary}>
                {row.label.length > 20 ? `${row.label.slice(0, 19)}…` : row.label}
              </text>
              {segments.map((segment) => {
                const value = row.values[segment.key] ?? 0;
                const w = ((width - labelWidth - noteWidth) * value) / max;
                const rect = value > 0 ? (
                  <rect key={segment.key} x={x} y={y} width={w} height={barHeight} fill={segment.color}>
                    <title>{`${row.label}: ${segment.label} ${value}`}</title>
                  </rect>
                ) : null;
                x += w;
                return rect;
              })}
              <text x={x + 4} y={y + barHeight * 0.7} fontSize={12} fill={theme.palette.text.secondary}>
                {row.note ?? total}
              </text>
            </g>
          );
        })}
      </svg>
      <Legend segments={segments} />
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

/** Vertical columns over time (units per week), with one series; a label every few columns. */
export function Columns({ points, label, color }: { points: readonly { label: string; value: number; title: string }[]; label: string; color?: string }) {
  const theme = useTheme();
  const fill = color ?? theme.palette.primary.main;
  const width = 600;
  const height = 140;
  const bottom = 20;
  const max = Math.max(1, ...points.map((point) => point.value));
  const step = points.length > 0 ? width / points.length : width;
  const every = Math.max(1, Math.ceil(points.length / 8));
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width="100%" style={{ maxHeight: 200 }}>
      <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} stroke={theme.palette.divider} />
      <text x={0} y={10} fontSize={10} fill={theme.palette.text.secondary}>
        {max}
      </text>
      {points.map((point, index) => {
        const h = ((height - bottom - 14) * point.value) / max;
        return (
          <g key={point.label}>
            <rect x={index * step + 1} y={height - bottom - h} width={Math.max(1, step - 2)} height={h} fill={fill}>
              <title>{point.title}</title>
            </rect>
            {index % every === 0 ? (
              <text x={index * step} y={height - 6} fontSize={10} fill={theme.palette.text.secondary}>
                {point.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
