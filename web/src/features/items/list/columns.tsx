import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import {
  getGridBooleanOperators,
  getGridDateOperators,
  getGridNumericOperators,
  getGridSingleSelectOperators,
  getGridStringOperators,
  type GridColDef,
  type GridFilterInputValueProps,
  type GridFilterOperator,
  type GridSingleSelectColDef,
} from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { DateRangeInput, type RangeLabels } from './DateRangeInput';
import { formatValue } from '../../../lib/valueFormat';
import type { Choice, ItemColumn, ItemRow } from './types';
import { textOn } from '../../../theme/contrast';

/** Past this total width every column keeps its own width; below it the last one fills the row (spec section 9). */
export const FIXED_WIDTH_TOTAL = 1500;

const ID_BESIDE_NAME = new Set(['GROUPS', 'ORGANIZATIONAL_STRUCTURE', 'COMPANY', 'GENERIC_ITEM_TYPE']);

/** Where a reference column keeps the id it filters by (the row shows the name under the field itself). */
export function idFieldOf(column: Pick<ItemColumn, 'field' | 'type' | 'filterKind'>): string | undefined {
  switch (column.field) {
    case 'StatusName':
      return 'StatusID';
    case 'ResponsibleName':
      return 'ResponsibleID';
    case 'ProjectName':
      return 'ProjectID';
    case 'CreatorName':
    case 'ModifierName':
    case 'ProjectManager':
      return undefined;
  }
  if (column.filterKind === 'list') return `${column.field}Value`;
  if (column.filterKind === 'user' || column.filterKind === 'project') return `${column.field}ID`;
  // Groups, companies and items: executeFilter shows the name and keeps the id beside it.
  if (ID_BESIDE_NAME.has(column.type)) return `${column.field}ID`;
  return undefined;
}

/** A date range filter (spec section 4: the date filter toggles between a single value and a range). */
function dateBetweenOperator(labels: RangeLabels): GridFilterOperator {
  const Input = (props: GridFilterInputValueProps) => <DateRangeInput {...props} labels={labels} />;
  return {
    label: labels.between,
    value: 'between',
    // The server filters (filterMode server): nothing is applied in the browser.
    getApplyFilterFn: () => null,
    InputComponent: Input,
  };
}

const only = (operators: GridFilterOperator[], values: string[]) => operators.filter((o) => values.includes(o.value));

/** The filter operators the server compiles, per filter kind (internal/items/filter). */
export function filterOperatorsOf(
  kind: ItemColumn['filterKind'],
  range?: RangeLabels,
): GridFilterOperator[] | undefined {
  switch (kind) {
    case 'text':
      return getGridStringOperators();
    case 'number':
    case 'integer':
      return getGridNumericOperators();
    case 'date':
      return range ? [...getGridDateOperators(false), dateBetweenOperator(range)] : getGridDateOperators(false);
    case 'boolean':
      return getGridBooleanOperators();
    case 'list':
    case 'status':
    case 'user':
    case 'project':
      return only(getGridSingleSelectOperators(), ['is', 'not', 'isAnyOf']);
    case 'reference':
      return only(getGridStringOperators(), ['isEmpty', 'isNotEmpty']);
    default:
      return undefined;
  }
}

function gridType(column: ItemColumn): GridColDef['type'] {
  if (column.field === 'FormattedID') return 'string'; // an integer filtered as text (spec section 2)
  switch (column.filterKind) {
    case 'number':
    case 'integer':
      return 'number';
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
    case 'list':
    case 'status':
    case 'user':
    case 'project':
      return 'singleSelect';
    default:
      return 'string';
  }
}

export interface ColumnContext {
  lang: string;
  yes: string;
  no: string;
  hasAttachments: string;
  hasContent: string;
  openLabel: (title: string) => string;
  /** Labels of the date range filter. */
  range: RangeLabels;
  /** Options of the list, status, user and project filters, by field. */
  choices: (column: ItemColumn) => Choice[];
  /** The edit form's address of a row. */
  editLink: (row: ItemRow) => string;
}

/**
 * The grid's columns from getListControlData: upper-case headers, the spec's widths, formatted
 * values. `visibility` is the grid's column visibility (the last shown column fills the row).
 */
export function buildColumns(
  columns: ItemColumn[],
  ctx: ColumnContext,
  visibility: Record<string, boolean> = {},
): GridColDef<ItemRow>[] {
  const shown = columns.filter((c) => visibility[c.field] ?? !c.hidden);
  const total = shown.reduce((sum, c) => sum + c.width, 0);
  const lastVisible = shown.at(-1)?.field;
  const yesNo = { yes: ctx.yes, no: ctx.no };
  return columns.map((column): GridColDef<ItemRow> => {
    const type = gridType(column);
    const def: GridColDef<ItemRow> = {
      field: column.field,
      headerName: column.header.toLocaleUpperCase(ctx.lang),
      description: column.header,
      width: column.width,
      type,
      sortable: column.sortable,
      filterable: column.filterKind !== 'none',
      hideable: true,
      align: type === 'number' ? 'right' : 'left',
      headerAlign: type === 'number' ? 'right' : 'left',
    };
    if (total <= FIXED_WIDTH_TOTAL && column.field === lastVisible) {
      def.flex = 1;
      def.minWidth = column.width;
    }
    const operators = filterOperatorsOf(column.filterKind, ctx.range);
    if (operators) def.filterOperators = operators;
    const idField = idFieldOf(column);
    if (type === 'singleSelect') {
      // Asked when the filter needs them: the choices may still be loading when the columns are made.
      (def as GridSingleSelectColDef<ItemRow>).valueOptions = () =>
        ctx.choices(column).map((o) => ({ value: o.value, label: o.label }));
      // The cell keeps the id (what the filter compares); it shows the name the row carries.
      def.valueGetter = (_value, row) => (idField ? (row[idField] ?? row[column.field]) : row[column.field]) as never;
      def.valueFormatter = (_value, row) => String(row[column.field] ?? '');
    } else if (type === 'date') {
      def.valueGetter = (value) => (value ? new Date(String(value)) : null) as never;
      def.valueFormatter = (value: Date | null) => formatValue(value, column, ctx.lang, yesNo);
    } else {
      def.valueFormatter = (value) => formatValue(value, column, ctx.lang, yesNo);
    }
    if (type === 'boolean') {
      def.renderCell = (params) => params.formattedValue as string;
    }
    if (column.field === 'StatusName') {
      def.renderCell = (params) =>
        params.row.StatusName ? (
          <Chip
            size="small"
            label={String(params.row.StatusName)}
            sx={{
              bgcolor: String(params.row.StatusColor || '') || undefined,
              color: textOn(String(params.row.StatusColor || '')),
              fontWeight: 600,
            }}
          />
        ) : null;
    } else if (column.field === 'Title') {
      def.renderCell = (params) => (
        <Link
          component={RouterLink}
          to={ctx.editLink(params.row)}
          underline="hover"
          aria-label={ctx.openLabel(String(params.row.Title ?? ''))}
          onClick={(e) => e.stopPropagation()}
          sx={{ fontWeight: 500 }}
        >
          {String(params.row.Title ?? '')}
        </Link>
      );
    } else if (column.field === 'HasAttachment' || column.field === 'HasDigitalContent') {
      const attachment = column.field === 'HasAttachment';
      const label = attachment ? ctx.hasAttachments : ctx.hasContent;
      def.headerName = '';
      def.description = label;
      def.sortable = false;
      def.filterable = false;
      def.align = 'center';
      def.renderHeader = () => (
        <Tooltip title={label}>
          {attachment ? (
            <AttachFileIcon fontSize="small" aria-label={label} />
          ) : (
            <DescriptionOutlinedIcon fontSize="small" aria-label={label} />
          )}
        </Tooltip>
      );
      def.renderCell = (params) =>
        params.value ? (
          <Tooltip title={label}>
            <Box component="span" sx={{ display: 'inline-flex', color: 'text.secondary' }}>
              {attachment ? (
                <AttachFileIcon fontSize="small" aria-label={label} />
              ) : (
                <DescriptionOutlinedIcon fontSize="small" aria-label={label} />
              )}
            </Box>
          </Tooltip>
        ) : null;
    }
    return def;
  });
}

/** The columns hidden by the definition (StatusColor: the status chip carries the colour). */
export function initiallyHidden(columns: ItemColumn[]): Record<string, boolean> {
  return Object.fromEntries(columns.filter((c) => c.hidden).map((c) => [c.field, false]));
}
