import type { ReportGroup } from './api';

export interface ChartSeries {
  label: string;
  data: number[];
}

/**
 * The chart's data from the groups: one bar (point, slice) per first-level group with the chosen
 * aggregate; stacked splits each bar by the second level, one series per second-level label.
 */
export function chartData(
  groups: ReportGroup[],
  aggregate: number,
  stacked: boolean,
  seriesLabel: string,
): { categories: string[]; series: ChartSeries[] } {
  const categories = groups.map((g) => g.label);
  if (!stacked) {
    return { categories, series: [{ label: seriesLabel, data: groups.map((g) => g.values[aggregate] ?? 0) }] };
  }
  const labels: string[] = [];
  for (const g of groups) {
    for (const s of g.groups ?? []) if (!labels.includes(s.label)) labels.push(s.label);
  }
  const series = labels.map((label) => ({
    label,
    data: groups.map((g) => g.groups?.find((s) => s.label === label)?.values[aggregate] ?? 0),
  }));
  return { categories, series };
}
