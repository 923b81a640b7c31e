import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useTranslation } from 'react-i18next';
import type { ReportResult } from './api';
import { chartData } from './chart';
import './i18n';

/** The report's chart over its first grouping level; its figures are also in the table below. */
export function ReportChart({ report }: { report: ReportResult }) {
  const { t } = useTranslation('reports');
  const chart = report.chart;
  const groups = report.groups ?? [];
  if (!chart || groups.length === 0) return null;
  const index = chart.aggregate ?? 0;
  const aggregate = report.aggregates[index];
  const { categories, series } = chartData(groups, index, chart.kind === 'stacked', aggregate?.name ?? '');
  const label = t('chart.label', { aggregate: aggregate?.name ?? '', group: report.groupBy[0]?.name ?? '' });
  const height = 320;
  let body;
  if (chart.kind === 'pie') {
    body = (
      <PieChart
        height={height}
        series={[{ data: categories.map((c, i) => ({ id: i, value: series[0]?.data[i] ?? 0, label: c })) }]}
      />
    );
  } else if (chart.kind === 'line') {
    body = (
      <LineChart
        height={height}
        xAxis={[{ scaleType: 'point', data: categories }]}
        series={series.map((s) => ({ ...s }))}
      />
    );
  } else {
    body = (
      <BarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: categories }]}
        series={series.map((s) => ({ ...s, stack: chart.kind === 'stacked' ? 'total' : undefined }))}
      />
    );
  }
  return (
    <Box role="figure" aria-label={label} sx={{ mb: 2 }}>
      {body}
    </Box>
  );
}
