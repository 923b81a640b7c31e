import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportGroup, ReportResult, ReportRow } from './api';
import { formatValue } from './format';
import './i18n';

/** The rows under their groups, a subtotal line after each group and the totals last. */
export function ReportTable({ report }: { report: ReportResult }) {
  const { t, i18n } = useTranslation('reports');
  const yesNo: [string, string] = [t('yes'), t('no')];
  const span = report.columns.length;
  const byPath = new Map<string, ReportRow[]>();
  for (const row of report.rows) {
    const path = row.group.join('\u0000');
    byPath.set(path, [...(byPath.get(path) ?? []), row]);
  }
  const figures = (values: (number | null)[]) =>
    report.aggregates
      .map((a, i) => `${a.name}: ${formatValue(a.type, values[i], i18n.language, yesNo) || '—'}`)
      .join(' · ');
  const rows = (list: ReportRow[] = []) =>
    list.map((r, i) => (
      <TableRow key={i} hover>
        {report.columns.map((c, j) => (
          <TableCell key={c.key} align={isNumeric(c.type) ? 'right' : 'left'}>
            {formatValue(c.type, r.values[j], i18n.language, yesNo)}
          </TableCell>
        ))}
      </TableRow>
    ));
  const level = (groups: ReportGroup[], depth: number, path: string[]): ReactNode =>
    groups.map((g) => {
      const here = [...path, g.key];
      const field = report.groupBy[depth];
      return (
        <Fragment key={g.key}>
          <TableRow>
            <TableCell component="th" scope="rowgroup" colSpan={span} sx={{ pl: 2 + depth * 3, fontWeight: 600 }}>
              {field ? `${field.name}: ${g.label}` : g.label}
            </TableCell>
          </TableRow>
          {g.groups && g.groups.length > 0 && depth + 1 < report.groupBy.length
            ? level(g.groups, depth + 1, here)
            : rows(byPath.get(here.join('\u0000')))}
          <TableRow>
            <TableCell colSpan={span} sx={{ pl: 2 + depth * 3, color: 'text.secondary', fontStyle: 'italic' }}>
              {t('table.subtotal', { group: g.label, figures: figures(g.values) })}
            </TableCell>
          </TableRow>
        </Fragment>
      );
    });
  return (
    // Focusable: on a phone the table scrolls sideways, and the keyboard must reach it.
    <TableContainer tabIndex={0} role="region" aria-label={t('table.label', { name: report.name })}>
      <Table size="small" aria-label={report.name}>
        <TableHead>
          <TableRow>
            {report.columns.map((c) => (
              <TableCell key={c.key} align={isNumeric(c.type) ? 'right' : 'left'}>
                {c.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.groupBy.length > 0 ? level(report.groups ?? [], 0, []) : rows(report.rows)}
          <TableRow>
            <TableCell component="th" scope="row" colSpan={span} sx={{ fontWeight: 700 }}>
              {t('table.total', { figures: figures(report.totals) })}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const isNumeric = (type: string) => ['INTEGER', 'DECIMAL', 'PERCENTILE', 'CURRENCY', 'DURATION'].includes(type);
