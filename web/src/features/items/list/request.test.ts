import { describe, expect, it } from 'vitest';
import { dateFilterValue, numericFilterValue, toExecuteFilterRequest, toFilterItem, type ListState } from './request';
import type { ItemColumn } from './types';

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
  dateTimeFormatType: 0,
  sortable: true,
  ...extra,
});

const columns: ItemColumn[] = [
  col('FormattedID', 'INTEGER', 'text'),
  col('Title', 'STRING', 'text'),
  col('StatusName', 'ITEM_TYPE_STATUS', 'status'),
  col('cost', 'CURRENCY', 'number'),
  col('points', 'INTEGER', 'integer'),
  col('dueDate', 'DATE_TIME', 'date', { dateTimeFormatType: 1 }),
  col('milestone', 'BOOLEAN', 'boolean'),
  col('priority', 'PICKLIST', 'list'),
  col('ResponsibleName', 'USERS', 'user'),
  col('StatusColor', 'STRING', 'none', { hidden: true }),
];

const base: ListState = {
  componentID: 7,
  projectId: 0,
  queryId: 3,
  viewId: 2,
  pagination: { page: 0, pageSize: 25 },
  sort: [],
  filter: { items: [] },
};

describe('toExecuteFilterRequest', () => {
  it('maps page, size, sort, query and view to the spec fields', () => {
    const request = toExecuteFilterRequest(
      { ...base, pagination: { page: 2, pageSize: 50 }, sort: [{ field: 'cost', sort: 'desc' }] },
      columns,
    );
    expect(request).toEqual({
      listControlData: { componentID: 7 },
      componentID: 7,
      projectId: 0,
      queryId: 3,
      viewId: 2,
      page: 2,
      rowsPerPage: 50,
      order: 'cost',
      sortDirection: 'desc',
      filters: [],
      persistQueryOrView: false,
      logicSeparator: 'AND',
    });
  });

  it('leaves the order to the view when the grid has no sort', () => {
    const request = toExecuteFilterRequest(base, columns);
    expect(request.order).toBe('');
    expect(request.sortDirection).toBe('asc');
  });

  it('sends filters with values, the logic and the quick search', () => {
    const request = toExecuteFilterRequest(
      {
        ...base,
        persist: true,
        filter: {
          logicOperator: 'or' as never,
          items: [
            { field: 'Title', operator: 'contains', value: 'sede' },
            { field: 'Title', operator: 'startsWith', value: '' }, // not typed yet: left out
            { field: 'Title', operator: 'isEmpty' },
            { field: 'StatusName', operator: 'isAnyOf', value: [4, 5] },
            { field: 'ResponsibleName', operator: 'is', value: '@me' },
          ],
          quickFilterValues: ['nova', ' sede '],
        },
      },
      columns,
    );
    expect(request.filters).toEqual([
      { field: 'Title', operator: 'contains', value: 'sede' },
      { field: 'Title', operator: 'isEmpty' },
      { field: 'StatusName', operator: 'isAnyOf', value: [4, 5] },
      { field: 'ResponsibleName', operator: 'is', value: '@me' },
    ]);
    expect(request.logicSeparator).toBe('OR');
    expect(request.search).toBe('nova sede');
    expect(request.persistQueryOrView).toBe(true);
  });

  it('drops filters on unknown or unfilterable columns', () => {
    const request = toExecuteFilterRequest(
      {
        ...base,
        filter: {
          items: [
            { field: 'nope', operator: 'contains', value: 'x' },
            { field: 'StatusColor', operator: 'contains', value: 'x' },
          ],
        },
      },
      columns,
    );
    expect(request.filters).toEqual([]);
  });
});

describe('numeric filters (spec section 5)', () => {
  it('clears a value that is not a number', () => {
    expect(toFilterItem({ field: 'cost', operator: '>', value: 'abc' }, columns[3])).toBeUndefined();
    expect(numericFilterValue('1e5', columns[3]!)).toBeUndefined();
  });

  it('keeps two decimals for money, truncated, and none for integers', () => {
    expect(toFilterItem({ field: 'cost', operator: '>=', value: 1234.567 }, columns[3])).toEqual({
      field: 'cost',
      operator: '>=',
      value: '1234.56',
    });
    expect(numericFilterValue('10,5', columns[3]!)).toBe('10.5');
    expect(toFilterItem({ field: 'points', operator: '=', value: '12.9' }, columns[4])).toEqual({
      field: 'points',
      operator: '=',
      value: '12',
    });
    expect(numericFilterValue(-0.4, columns[4]!)).toBe('0');
  });

  it('filters FormattedID as text', () => {
    expect(toFilterItem({ field: 'FormattedID', operator: 'contains', value: 12 }, columns[0])).toEqual({
      field: 'FormattedID',
      operator: 'contains',
      value: '12',
    });
  });
});

describe('date filters', () => {
  it('sends the day the date input chose', () => {
    expect(dateFilterValue(new Date('2025-03-04'))).toBe('2025-03-04');
    expect(
      toFilterItem({ field: 'dueDate', operator: 'onOrAfter', value: new Date('2025-03-04') }, columns[5]),
    ).toEqual({
      field: 'dueDate',
      operator: 'onOrAfter',
      value: '2025-03-04',
    });
  });

  it('sends a range only when both ends are dates', () => {
    expect(
      toFilterItem({ field: 'dueDate', operator: 'between', value: ['2025-03-01', '2025-03-31'] }, columns[5]),
    ).toEqual({
      field: 'dueDate',
      operator: 'between',
      value: ['2025-03-01', '2025-03-31'],
    });
    expect(
      toFilterItem({ field: 'dueDate', operator: 'between', value: ['2025-03-01', ''] }, columns[5]),
    ).toBeUndefined();
  });

  it('makes an invalid date, or one outside 1753-9999, empty', () => {
    expect(dateFilterValue(new Date('nope'))).toBeUndefined();
    expect(dateFilterValue(new Date('1700-01-01'))).toBeUndefined();
    expect(dateFilterValue('2025-13-45')).toBeUndefined();
    expect(toFilterItem({ field: 'dueDate', operator: 'is', value: undefined }, columns[5])).toBeUndefined();
  });
});

describe('boolean and list filters', () => {
  it('sends booleans as booleans', () => {
    expect(toFilterItem({ field: 'milestone', operator: 'is', value: 'true' }, columns[6])).toEqual({
      field: 'milestone',
      operator: 'is',
      value: true,
    });
    expect(toFilterItem({ field: 'milestone', operator: 'is', value: 'false' }, columns[6])).toEqual({
      field: 'milestone',
      operator: 'is',
      value: false,
    });
    expect(toFilterItem({ field: 'milestone', operator: 'is', value: '' }, columns[6])).toBeUndefined();
  });

  it('sends picklist values as chosen', () => {
    expect(toFilterItem({ field: 'priority', operator: 'isAnyOf', value: ['high', 'low'] }, columns[7])).toEqual({
      field: 'priority',
      operator: 'isAnyOf',
      value: ['high', 'low'],
    });
    expect(toFilterItem({ field: 'priority', operator: 'isAnyOf', value: [] }, columns[7])).toBeUndefined();
  });
});

describe('keyset paging', () => {
  it('sends the cursor of the page before, never on the first page', () => {
    expect(toExecuteFilterRequest({ ...base, pagination: { page: 1, pageSize: 25 }, after: 'c1' }, columns).after).toBe(
      'c1',
    );
    expect(toExecuteFilterRequest({ ...base, after: 'c1' }, columns).after).toBeUndefined();
    expect(toExecuteFilterRequest({ ...base, pagination: { page: 3, pageSize: 25 } }, columns).after).toBeUndefined();
  });
});
