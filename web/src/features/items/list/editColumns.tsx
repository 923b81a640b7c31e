import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { GridColDef, GridSingleSelectColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import type { ReferenceTexts } from './CellEditors';
import { DateEditCell, ListEditCell, NumberEditCell, ReferenceEditCell } from './lazyCellEditors';
import {
  choicesForRow,
  editKindOf,
  referenceSourceOfColumn,
  rowRight,
  typingProblem,
  type EditProblem,
} from './cellEdit';
import type { Choice, ItemColumn, ItemRow } from './types';

/** Where a row carries an edit on its way to processRowUpdate: the field and what its editor held. */
export const PENDING_EDIT = '__pendingEdit';

export interface PendingEdit {
  field: string;
  value: unknown;
}

/** The grid's class of cells the user may edit (styled by the list page). */
export const EDITABLE_CELL = 'tramita-cell-editable';

/** The class of cells of an editable column in a row the user may not change. */
export const LOCKED_CELL = 'tramita-cell-locked';

export interface EditContext {
  lang: string;
  /** The text of a problem with what is being typed. */
  problemText: (problem: EditProblem) => string;
  /** The picklist editor's choice that empties the field. */
  emptyLabel: string;
  /** The header's hint that the column is edited in place. */
  editableHint: string;
  choices: (column: ItemColumn) => Choice[];
  /** The texts of the reference editor's search. */
  reference: ReferenceTexts;
  /** Whether any row shown may be changed: when none may, headers do not claim their columns are editable. */
  anyEditable: boolean;
  /** Why a row may not be changed when the server gave no reason. */
  lockedHint: string;
  /**
   * What a dependent picklist's editor says when the row's parent value leaves it no option:
   * choose the parent (its header, when the list shows it) first, or that value has none.
   */
  dependentHint: (parent: string | undefined, parentEmpty: boolean) => string;
}

/**
 * The grid's isCellEditable: an editable column, in a row the user may change (executeFilter's
 * CanEdit, the server's rule). A row the user may not change opens no editor by double-click,
 * Enter or typing; the server refuses such a change anyway.
 */
export function isEditableCell(params: { colDef: Pick<GridColDef<ItemRow>, 'editable'>; row: ItemRow }): boolean {
  return params.colDef.editable === true && rowRight(params.row).canEdit;
}

/**
 * Makes the columns of editInGrid attributes editable in place (cell editing: double-click or
 * Enter starts, Enter confirms, Escape cancels): each gets the editor of its type, its header a
 * pencil, its cells a class that shows they can be edited. The grid never changes the row
 * itself: the edit travels under PENDING_EDIT and the row changes when the server saved it.
 * Other columns are left as they are (not editable, and they do not look it).
 */
export function withEditing(
  defs: GridColDef<ItemRow>[],
  columns: ItemColumn[],
  ctx: EditContext,
): GridColDef<ItemRow>[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  return defs.map((def) => {
    const column = byField.get(def.field);
    const kind = column && editKindOf(column);
    if (!column || !kind) return def;
    const header = def.headerName ?? column.header;
    const inner = def.renderCell;
    const edit: GridColDef<ItemRow> = {
      ...def,
      // Per row: the grid's isCellEditable asks rowRight too (ItemGrid).
      editable: true,
      cellClassName: (params) => (rowRight(params.row).canEdit ? EDITABLE_CELL : LOCKED_CELL),
      valueSetter: (value, row) => ({ ...row, [PENDING_EDIT]: { field: column.field, value } satisfies PendingEdit }),
      // A row the user may not change says why on hover (the server's reason: a read-only project, no right on the type).
      renderCell: (params) => {
        const content: ReactNode = inner ? inner(params) : ((params.formattedValue ?? '') as ReactNode);
        const right = rowRight(params.row);
        if (right.canEdit) return content;
        return (
          <Tooltip title={right.reason ?? ctx.lockedHint} describeChild>
            <Box
              component="span"
              data-locked="true"
              sx={{ display: 'block', width: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {content === '' ? '\u00a0' : content}
            </Box>
          </Tooltip>
        );
      },
    };
    if (ctx.anyEditable) {
      edit.renderHeader = () => (
        <Tooltip title={ctx.editableHint} describeChild>
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
            <span className="MuiDataGrid-columnHeaderTitle">{header}</span>
            <EditOutlinedIcon sx={{ fontSize: 14, color: 'primary.main' }} aria-hidden />
          </Box>
        </Tooltip>
      );
    }
    if (kind === 'number' || kind === 'date') {
      const Editor = kind === 'number' ? NumberEditCell : DateEditCell;
      edit.renderEditCell = (params) => (
        <Editor params={params} column={column} lang={ctx.lang} label={column.header} />
      );
      // The editor's text is the edit value: the grid's own number and date parsers (Number('12,5') is NaN) stay out.
      edit.valueParser = (value) => value;
      edit.preProcessEditCellProps = ({ props }) => {
        const problem = typingProblem(column, props.value, ctx.lang);
        return { ...props, error: problem ? ctx.problemText(problem) : false };
      };
    } else if (kind === 'list') {
      const asOptions = (choices: Choice[]) => choices.map((o) => ({ value: o.value, label: o.label }));
      // The editor (it has the row) may empty the field and offers, for a dependent picklist, only
      // the options of the row's parent value; the filter's options stay the whole picklist's.
      (edit as GridSingleSelectColDef<ItemRow>).valueOptions = (params) =>
        params.row
          ? [
              { value: '', label: ctx.emptyLabel },
              ...asOptions(choicesForRow(column, params.row, ctx.choices(column)).choices),
            ]
          : asOptions(ctx.choices(column));
      const parentHeader = column.dependsOn ? byField.get(column.dependsOn)?.header : undefined;
      edit.renderEditCell = (params) => {
        const offered = choicesForRow(column, params.row, ctx.choices(column));
        const hint =
          column.dependsOn && offered.choices.length === 0
            ? ctx.dependentHint(parentHeader, offered.parentEmpty)
            : undefined;
        return <ListEditCell params={params} hint={hint} />;
      };
    } else if (kind === 'reference') {
      const source = referenceSourceOfColumn(column);
      if (source) {
        edit.renderEditCell = (params) => (
          <ReferenceEditCell
            params={params}
            column={column}
            label={column.header}
            source={source}
            texts={ctx.reference}
          />
        );
        // The editor's choice is the edit value (the grid's own select and its options stay out).
        edit.valueParser = (value) => value;
      }
    }
    return edit;
  });
}
