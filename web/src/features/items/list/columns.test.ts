import { describe, expect, it } from 'vitest';
import { buildColumns, filterOperatorsOf, idFieldOf, initiallyHidden, type ColumnContext } from './columns';
import type { ItemColumn } from './types';

const col = (
  field: string,
  type: string,
  filterKind: ItemColumn['filterKind'],
  width: number,
  extra: Partial<ItemColumn> = {},
): ItemColumn => ({
  field,
  header: field === 'Title' ? 'Título' : field,
  type,
  width,
  filterKind,
  dateTimeFormatType: 0,
  sortable: filterKind !== 'none',
  ...extra,
});

const ctx: ColumnContext = {
  lang: 'pt-BR',
  yes: 'Sim',
  no: 'Não',
  hasAttachments: 'Possui Anexos',
  hasContent: 'Possui conteúdo digital',
  openLabel: (t) => `Abrir ${t}`,
  range: { between: 'entre', from: 'De', to: 'Até' },
  choices: (c) => (c.filterKind === 'status' ? [{ value: 4, label: 'Novo' }] : []),
  editLink: (row) => `/edit/${row.id}`,
};

describe('buildColumns', () => {
  const columns = [
    col('FormattedID', 'INTEGER', 'text', 100),
    col('Title', 'STRING', 'text', 250),
    col('StatusName', 'ITEM_TYPE_STATUS', 'status', 250),
    col('StatusColor', 'STRING', 'none', 100, { hidden: true }),
    col('cost', 'CURRENCY', 'number', 150),
  ];

  it('upper-cases headers and keeps the widths of the definition', () => {
    const grid = buildColumns(columns, ctx);
    expect(grid.map((c) => c.headerName)).toEqual(['FORMATTEDID', 'TÍTULO', 'STATUSNAME', 'STATUSCOLOR', 'COST']);
    expect(grid.map((c) => c.width)).toEqual([100, 250, 250, 100, 150]);
  });

  it('lets the last visible column fill the row while the total stays within 1500 px', () => {
    const grid = buildColumns(columns, ctx);
    expect(grid.at(-1)).toMatchObject({ flex: 1, minWidth: 150 });
    const wide = buildColumns([...columns, col('notes', 'STRING', 'text', 900)], ctx);
    expect(wide.some((c) => c.flex)).toBe(false);
    const costHidden = buildColumns(columns, ctx, { cost: false });
    expect(costHidden[2]).toMatchObject({ field: 'StatusName', flex: 1, minWidth: 250 });
  });

  it('filters FormattedID as text, status by its options, and not the colour column', () => {
    const grid = buildColumns(columns, ctx);
    expect(grid[0]?.type).toBe('string');
    expect(grid[2]?.type).toBe('singleSelect');
    expect((grid[2] as { valueOptions: (params: object) => unknown }).valueOptions({})).toEqual([
      { value: 4, label: 'Novo' },
    ]);
    expect(grid[3]?.filterable).toBe(false);
    expect(grid[4]?.type).toBe('number');
    expect(initiallyHidden(columns)).toEqual({ StatusColor: false });
  });
});

describe('filters', () => {
  it('offers only the operators the server compiles', () => {
    expect(filterOperatorsOf('status')?.map((o) => o.value)).toEqual(['is', 'not', 'isAnyOf']);
    expect(filterOperatorsOf('reference')?.map((o) => o.value)).toEqual(['isEmpty', 'isNotEmpty']);
    expect(filterOperatorsOf('none')).toBeUndefined();
    expect(filterOperatorsOf('date', ctx.range)?.map((o) => o.value)).toEqual([
      'is',
      'not',
      'after',
      'onOrAfter',
      'before',
      'onOrBefore',
      'isEmpty',
      'isNotEmpty',
      'between',
    ]);
  });

  it('knows where a reference keeps its id', () => {
    expect(idFieldOf(col('StatusName', 'ITEM_TYPE_STATUS', 'status', 0))).toBe('StatusID');
    expect(idFieldOf(col('ResponsibleName', 'USERS', 'user', 0))).toBe('ResponsibleID');
    expect(idFieldOf(col('priority', 'PICKLIST', 'list', 0))).toBe('priorityValue');
    expect(idFieldOf(col('requester', 'USERS', 'user', 0))).toBe('requesterID');
    expect(idFieldOf(col('CreatorName', 'USERS', 'user', 0))).toBeUndefined();
  });
});
