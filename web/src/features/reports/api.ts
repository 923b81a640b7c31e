import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ReportParams } from './params';

/** A column, a grouping level: its attribute type decides its format. */
export interface ReportField {
  key: string;
  name: string;
  type: string;
}

export interface ReportAggregate {
  function: 'count' | 'sum' | 'avg' | 'min' | 'max';
  field?: string;
  name: string;
  type: string;
}

/** One value of a grouping level: its aggregates and its subgroups. */
export interface ReportGroup {
  key: string;
  label: string;
  values: (number | null)[];
  groups?: ReportGroup[];
}

export interface ReportRow {
  group: string[];
  values: unknown[];
}

export interface Choice {
  id: number;
  name: string;
}

export type ParameterKind = 'period' | 'project' | 'status' | 'responsible';

/** GET /api/reportviewer (docs/reports.md): the report as its reader may see it. */
export interface ReportResult {
  reportId: number;
  applicationId: number;
  key: string;
  name: string;
  parameters: ParameterKind[];
  columns: ReportField[];
  groupBy: ReportField[];
  aggregates: ReportAggregate[];
  chart: { kind: 'bar' | 'line' | 'pie' | 'stacked'; aggregate?: number } | null;
  groups: ReportGroup[] | null;
  totals: (number | null)[];
  rows: ReportRow[];
  rowCount: number;
  truncated: boolean;
  choices: { projects?: Choice[]; statuses?: Choice[]; responsibles?: Choice[] };
}

/** The viewer's query: the report, the page's application and the filled parameters. */
export function viewerQuery(p: ReportParams): Record<string, string | number | undefined> {
  return {
    reportID: p.reportID,
    appID: p.appID || undefined,
    from: p.from || undefined,
    to: p.to || undefined,
    project: p.project || undefined,
    status: p.status || undefined,
    responsible: p.responsible || undefined,
  };
}

export const reportKeys = {
  report: (p: ReportParams) => ['reports', 'report', viewerQuery(p)] as const,
};

export const reportQuery = (p: ReportParams) =>
  queryOptions({
    queryKey: reportKeys.report(p),
    queryFn: ({ signal }) => api.get<ReportResult>('/reportviewer', { query: viewerQuery(p), signal }),
  });

/** The report's Excel workbook (a sheet of rows, one of groups). */
export function downloadWorkbook(p: ReportParams): Promise<Blob> {
  return api.get<Blob>('/reportviewer', { query: { ...viewerQuery(p), format: 'xlsx' }, responseType: 'blob' });
}
