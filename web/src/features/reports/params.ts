import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** What the report page reads from its address: the report, its application and the parameters. */
export interface ReportParams {
  reportID: number;
  appID: number;
  from: string;
  to: string;
  project: number;
  status: number;
  responsible: number;
}

const toId = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

const isDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/**
 * The parameters of the page: the runtime route names the report and the application in its path;
 * /report and /General/ReportPanel.aspx in the query (reportID, appID). The filled parameters are
 * always the query's, so an address opens the report as it was filtered.
 */
export function readParams(path: { appID?: string; reportID?: string }, search: URLSearchParams): ReportParams {
  return {
    reportID: toId(path.reportID ?? search.get('reportID')),
    appID: toId(path.appID ?? search.get('appID')),
    from: isDate(search.get('from')),
    to: isDate(search.get('to')),
    project: toId(search.get('project')),
    status: toId(search.get('status')),
    responsible: toId(search.get('responsible')),
  };
}

export type FilledParams = Pick<ReportParams, 'from' | 'to' | 'project' | 'status' | 'responsible'>;

/** The query after the reader applies the form: other query parameters stay, empty ones go. */
export function writeParams(search: URLSearchParams, filled: FilledParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(filled)) {
    if (value) next.set(key, String(value));
    else next.delete(key);
  }
  return next;
}

/** How the parameter form writes a date (spec section 9). */
export const DATE_FORMAT = 'DD/MM/YYYY';

/** The form's text for an address date (YYYY-MM-DD). */
export const shownDate = (iso: string) => (iso ? dayjs(iso, 'YYYY-MM-DD', true).format(DATE_FORMAT) : '');

/** The address date for the form's text: '' when empty, undefined while it is no date. */
export function addressDate(text: string): string | undefined {
  if (text === '') return '';
  const d = dayjs(text, DATE_FORMAT, true);
  return d.isValid() ? d.format('YYYY-MM-DD') : undefined;
}
