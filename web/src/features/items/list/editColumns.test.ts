import { describe, expect, it } from 'vitest';
import type { GridColDef, GridSingleSelectColDef, GridValueOptionsParams } from '@mui/x-data-grid';
import { buildColumns, type ColumnContext } from './columns';
import { EDITABLE_CELL, LOCKED_CELL, PENDING_EDIT, isEditableCell, withEditing, type EditContext } from './editColumns';
import type { ItemColumn, ItemRow } from './types';

const col = (
  field: string,
  type: string,
  filterKind: ItemColumn['filterKind'],
  extra: Partial<ItemColumn> = {},
): ItemColumn => ({
  field,
  header: field,
  type,
  width: 150,
  filterKind,
  dateTimeFormatType: 1,
  sortable: true,
  ...extra,
});

const columns = [
  col('Title', 'STRING', 'text'),
  col('priority', 'PICKLIST', 'list', { editInGrid: true, picklistId: 3 }),
  col('dueDate', 'DATE_TIME', 'date', { editInGrid: true }),
  col('progress', 'PERCENTILE', 'number', { editInGrid: true }),
  col('cost', 'CURRENCY', 'number'),
  col('reviewer', 'USERS', 'user', { editInGrid: true }),
  col('owner', 'USERS', 'user'),
  col('notes', 'RICH_TEXT', 'text', { editInGrid: true }),
];

const choices = (c: ItemColumn) => (c.field === 'priority' ? [{ value: 'low', label: 'Baixa' }] : []);

const base: ColumnContext = {
  lang: 'pt-BR',
  yes: 'Sim',
  no: 'Não',
  hasAttachments: 'Possui Anexos',
  hasContent: 'Possui conteúdo digital',
  openLabel: (t) => `Abrir ${t}`,
  range: { between: 'entre', from: 'De', to: 'Até' },
  choices,
  editLink: (row) => `/edit/${row.id}`,
};

const editing: EditContext = {
  lang: 'pt-BR',
  problemText: (p) => `problema ${p}`,
  emptyLabel: '(vazio)',
  editableHint: 'Editável na lista',
  choices,
  reference: { placeholder: 'Pesquisar…', noOptions: 'Nenhum resultado', loading: 'Carregando…', clear: 'Limpar' },
  anyEditable: true,
  lockedHint: 'Você não pode alterar este item.',
  dependentHint: () => 'Escolha antes o campo do qual esta lista depende.',
};

const grid = () => withEditing(buildColumns(columns, base), columns, editing);
const byField = (defs: GridColDef<ItemRow>[], field: string) => {
  const def = defs.find((d) => d.field === field);
  if (!def) throw new Error(field);
  return def;
};

describe('withEditing', () => {
  it('makes only editInGrid columns of an editable type editable, and marks their cells', () => {
    const defs = grid();
    expect(defs.filter((d) => d.editable).map((d) => d.field)).toEqual(['priority', 'dueDate', 'progress', 'reviewer']);
    const cellClass = byField(defs, 'progress').cellClassName as (params: { row: ItemRow }) => string;
    expect(cellClass({ row: { id: 1, CanEdit: true } })).toBe(EDITABLE_CELL);
    expect(byField(defs, 'progress').renderHeader).toBeDefined();
    // Not editable: untouched, no class, no header pencil.
    for (const field of ['Title', 'cost', 'owner', 'notes']) {
      const def = byField(defs, field);
      expect(def.editable).toBeFalsy();
      expect(def.cellClassName).toBeUndefined();
      expect(def.renderHeader).toBeUndefined();
    }
  });

  it('leaves the row as it was and carries the edit beside it, for processRowUpdate', () => {
    const progress = byField(grid(), 'progress');
    const row: ItemRow = { id: 1, progress: 10 };
    const next = progress.valueSetter?.('45,5' as never, row, progress, {} as never);
    expect(next).toEqual({ id: 1, progress: 10, [PENDING_EDIT]: { field: 'progress', value: '45,5' } });
    expect(row).toEqual({ id: 1, progress: 10 });
    // The typed text reaches the editor's value as typed (the grid's number parser would make it NaN).
    expect(progress.valueParser?.('45,5' as never, row, progress, {} as never)).toBe('45,5');
  });

  it('flags a number or date being typed that cannot be read, with the text of the problem', async () => {
    const defs = grid();
    const check = (field: string, value: string) =>
      byField(defs, field).preProcessEditCellProps?.({ id: 1, row: { id: 1 }, props: { value }, hasChanged: true });
    expect(await check('progress', '4-4')).toMatchObject({ error: 'problema invalidNumber' });
    expect(await check('progress', '44')).toMatchObject({ error: false });
    expect(await check('dueDate', '31/02/2025')).toMatchObject({ error: 'problema incorrectDate' });
  });

  it('offers the empty choice to the picklist editor, not to the filter', () => {
    const priority = byField(grid(), 'priority') as GridSingleSelectColDef<ItemRow>;
    const options = priority.valueOptions as (params: GridValueOptionsParams<ItemRow>) => unknown[];
    expect(options({ field: 'priority', id: 1, row: { id: 1 } })).toEqual([
      { value: '', label: '(vazio)' },
      { value: 'low', label: 'Baixa' },
    ]);
    expect(options({ field: 'priority' })).toEqual([{ value: 'low', label: 'Baixa' }]);
  });
});

describe('rows the user may not change', () => {
  const locked: ItemRow = {
    id: 2,
    progress: 10,
    CanEdit: false,
    CannotEditReason: 'O usuário participa do projeto Obra somente para leitura.',
  };
  const open: ItemRow = { id: 1, progress: 10, CanEdit: true };

  it('open no editor in them, whatever the column', () => {
    const progress = byField(grid(), 'progress');
    expect(isEditableCell({ colDef: progress, row: open })).toBe(true);
    expect(isEditableCell({ colDef: progress, row: locked })).toBe(false);
    // An answer without the key (an older server): the server decides.
    expect(isEditableCell({ colDef: progress, row: { id: 3 } })).toBe(true);
    expect(isEditableCell({ colDef: byField(grid(), 'cost'), row: open })).toBe(false);
  });

  it('do not look editable, and say why', () => {
    const progress = byField(grid(), 'progress');
    const cellClass = progress.cellClassName as (params: { row: ItemRow }) => string;
    expect(cellClass({ row: locked })).toBe(LOCKED_CELL);
    const render = (row: ItemRow) =>
      progress.renderCell?.({ row, formattedValue: '10,00%', value: 10, field: 'progress', id: row.id } as never) as
        { props: { title?: string } } | string;
    expect(render(open)).toBe('10,00%');
    expect((render(locked) as { props: { title?: string } }).props.title).toBe(
      'O usuário participa do projeto Obra somente para leitura.',
    );
    expect((render({ ...locked, CannotEditReason: undefined }) as { props: { title?: string } }).props.title).toBe(
      'Você não pode alterar este item.',
    );
  });

  it('leave the headers plain when no row shown may be changed', () => {
    const defs = withEditing(buildColumns(columns, base), columns, { ...editing, anyEditable: false });
    expect(byField(defs, 'progress').editable).toBe(true);
    expect(byField(defs, 'progress').renderHeader).toBeUndefined();
  });
});

describe('reference columns', () => {
  it('edit with a search and hand the choice over as picked', () => {
    const reviewer = byField(grid(), 'reviewer');
    expect(reviewer.renderEditCell).toBeDefined();
    const choice = { id: 9, label: 'Bia' };
    expect(reviewer.valueParser?.(choice as never, { id: 1 }, reviewer, {} as never)).toBe(choice);
    expect(reviewer.valueSetter?.(choice as never, { id: 1 }, reviewer, {} as never)).toEqual({
      id: 1,
      [PENDING_EDIT]: { field: 'reviewer', value: choice },
    });
  });
});
