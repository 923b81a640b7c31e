import type { GridFilterItem, GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import type { ExecuteFilterRequest, FilterItem, ItemColumn } from './types';

export interface ListState {
  componentID: number;
  projectId: number;
  queryId: number;
  viewId: number;
  pagination: GridPaginationModel;
  sort: GridSortModel;
  filter: GridFilterModel;
  /** Ask the server to remember the query and view as the user's last (when the user chose them). */
  persist?: boolean;
  /**
   * The nextCursor of the page before, when the user moved one page forward: keyset paging, as
   * cheap deep in a big list as on page 1. Ignored on the first page.
   */
  after?: string;
}

const NO_VALUE_OPERATORS = new Set(['isEmpty', 'isNotEmpty']);

/** Attribute types whose filters keep two decimals (spec section 5); integers keep none. */
const TWO_DECIMALS = new Set(['CURRENCY', 'DECIMAL', 'PERCENTILE', 'DURATION']);

/**
 * A numeric filter value as the server takes it (a decimal string), or undefined when it is not a
 * number: spec section 5, "numeric grid filters accept only numbers, otherwise the filter is
 * cleared"; integer filters lose their decimals, the others keep two (truncated, not rounded).
 */
export function numericFilterValue(
  value: unknown,
  column: Pick<ItemColumn, 'type' | 'filterKind'>,
): string | undefined {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim().replace(',', '.') : '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  const [whole, fraction = ''] = text.split('.');
  if (column.filterKind === 'integer' || column.type === 'INTEGER') return whole === '-0' ? '0' : whole;
  const decimals = TWO_DECIMALS.has(column.type) ? fraction.slice(0, 2) : fraction.slice(0, 10);
  return decimals ? `${whole}.${decimals}` : whole;
}

/**
 * A date filter value as a day (YYYY-MM-DD; the server takes it as the whole day, in UTC as
 * stored). The grid's date input gives a Date at midnight UTC. An invalid date, or a year outside
 * 1753-9999, becomes empty (spec section 5).
 */
export function dateFilterValue(value: unknown): string | undefined {
  let date: Date | undefined;
  if (value instanceof Date) date = value;
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value.trim()))
    date = new Date(`${value.trim().slice(0, 10)}T00:00:00Z`);
  if (!date || Number.isNaN(date.getTime())) return undefined;
  const year = date.getUTCFullYear();
  if (year < 1753 || year > 9999) return undefined;
  return date.toISOString().slice(0, 10);
}

/** One grid filter item as executeFilter's, or undefined when it has no usable value yet. */
export function toFilterItem(item: GridFilterItem, column: ItemColumn | undefined): FilterItem | undefined {
  if (!column || column.filterKind === 'none') return undefined;
  const { field, operator } = item;
  if (NO_VALUE_OPERATORS.has(operator)) return { field, operator };
  const many = Array.isArray(item.value);
  const values: unknown[] = many ? (item.value as unknown[]) : [item.value];
  const converted: unknown[] = [];
  for (const value of values) {
    if (value === undefined || value === null || value === '') continue;
    let out: unknown;
    switch (column.filterKind) {
      case 'number':
      case 'integer':
        out = numericFilterValue(value, column);
        break;
      case 'date':
        out = dateFilterValue(value);
        break;
      case 'boolean':
        out = value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
        break;
      case 'text':
        out = String(value);
        break;
      default:
        out = value; // ids (status, user, project) and picklist values as chosen
    }
    if (out !== undefined) converted.push(out);
  }
  if (converted.length === 0) return undefined;
  if (operator === 'between') return converted.length === 2 && many ? { field, operator, value: converted } : undefined;
  if (many) return { field, operator, value: converted };
  return { field, operator, value: converted[0] };
}

/** The grid's pagination, sort, filters and quick search as the body of executeFilter (spec section 7). */
export function toExecuteFilterRequest(state: ListState, columns: ItemColumn[]): ExecuteFilterRequest {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const filters = state.filter.items
    .map((item) => toFilterItem(item, byField.get(item.field)))
    .filter((item): item is FilterItem => item !== undefined);
  const sort = state.sort[0];
  const search = (state.filter.quickFilterValues ?? [])
    .map((v) => String(v).trim())
    .filter(Boolean)
    .join(' ');
  const request: ExecuteFilterRequest = {
    listControlData: { componentID: state.componentID },
    componentID: state.componentID,
    projectId: state.projectId,
    queryId: state.queryId,
    viewId: state.viewId,
    page: state.pagination.page,
    rowsPerPage: state.pagination.pageSize,
    order: sort?.field ?? '',
    sortDirection: sort?.sort === 'desc' ? 'desc' : 'asc',
    filters,
    persistQueryOrView: state.persist ?? false,
    logicSeparator: state.filter.logicOperator === 'or' ? 'OR' : 'AND',
  };
  if (search) request.search = search.slice(0, 200);
  if (state.after && state.pagination.page > 0) request.after = state.after;
  return request;
}
