import { describe, expect, it } from 'vitest';
import {
  choicesForRow,
  clearedDependents,
  dateEditText,
  editKindOf,
  editOutcome,
  numberEditText,
  referenceSourceOfColumn,
  rowAfterSave,
  rowRight,
  ticksOf,
  typingProblem,
} from './cellEdit';
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
  dateTimeFormatType: 0,
  sortable: true,
  editInGrid: true,
  ...extra,
});

const progress = col('progress', 'PERCENTILE', 'number');
const cost = col('cost', 'CURRENCY', 'number');
const points = col('storyPoints', 'INTEGER', 'integer');
const dueDate = col('dueDate', 'DATE_TIME', 'date', { dateTimeFormatType: 1 });
const approvedOn = col('approvedOn', 'DATE_TIME', 'date', { dateTimeFormatType: 0 });
const priority = col('priority', 'PICKLIST', 'list', { picklistId: 3 });
const milestone = col('milestone', 'BOOLEAN', 'boolean');
const code = col('code', 'STRING', 'text');

const row: ItemRow = {
  id: 7,
  Title: 'Migrar servidor',
  progress: 33.333,
  cost: 1234.5,
  storyPoints: 8,
  dueDate: '2025-03-04T00:00:00Z',
  priority: 'Alta',
  priorityValue: 'high',
  milestone: false,
  code: 'abc-1234',
  LastModify: '2025-01-01T00:00:00.123456Z',
};

describe('editKindOf', () => {
  it('gives an editor only to editInGrid attributes of the types a cell can edit', () => {
    expect([progress, cost, points, dueDate, priority, milestone, code].map(editKindOf)).toEqual([
      'number',
      'number',
      'number',
      'date',
      'list',
      'boolean',
      'text',
    ]);
    expect(editKindOf({ ...progress, editInGrid: false })).toBeUndefined();
    expect(editKindOf({ ...progress, editInGrid: undefined })).toBeUndefined();
    // Rich text needs its editor, users-or-groups and statuses their own pickers: the form edits them.
    expect(editKindOf(col('description', 'RICH_TEXT', 'text'))).toBeUndefined();
    expect(editKindOf(col('watcher', 'USERS_OR_GROUPS', 'user'))).toBeUndefined();
    expect(editKindOf(col('phase', 'ITEM_TYPE_STATUS', 'status'))).toBeUndefined();
  });

  it("edits references with a search in the source the form's picker uses", () => {
    const refs = [
      col('reviewer', 'USERS', 'user'),
      col('unit', 'ORGANIZATIONAL_STRUCTURE', 'reference'),
      col('team', 'GROUPS', 'reference'),
      col('company', 'COMPANY', 'reference'),
      col('site', 'PROJECT', 'project'),
      col('task', 'GENERIC_ITEM_TYPE', 'reference', { componentId: 3 }),
    ];
    expect(refs.map(editKindOf)).toEqual([
      'reference',
      'reference',
      'reference',
      'reference',
      'reference',
      'reference',
    ]);
    expect(refs.map(referenceSourceOfColumn)).toEqual([
      'users',
      'orgUnits',
      'groups',
      'companies',
      'projects',
      'items',
    ]);
    // An item reference without its type has nowhere to search.
    expect(editKindOf(col('task', 'GENERIC_ITEM_TYPE', 'reference'))).toBeUndefined();
    expect(editKindOf(col('reviewer', 'USERS', 'user', { editInGrid: false }))).toBeUndefined();
  });
});

describe('references', () => {
  const company = col('company', 'COMPANY', 'reference');
  const reviewer = col('reviewer', 'USERS', 'user');
  const ref: ItemRow = { id: 7, company: 'Acme', companyID: 4, reviewer: 'Ana', reviewerID: 2 };

  it('send the id picked, nothing when it is the same one or the cell was left untouched, null when emptied', () => {
    expect(editOutcome(company, ref, { id: 5, label: 'Beta' }, 'pt-BR')).toEqual({ kind: 'value', value: 5 });
    expect(editOutcome(company, ref, { id: 4, label: 'Acme' }, 'pt-BR')).toEqual({ kind: 'same' });
    // The grid's own value of an untouched cell: the name, or the id for user columns.
    expect(editOutcome(company, ref, 'Acme', 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(reviewer, ref, 2, 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(reviewer, ref, '', 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(company, ref, null, 'pt-BR')).toEqual({ kind: 'value', value: null });
    expect(editOutcome(company, { id: 8 }, null, 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(company, { id: 8 }, { id: 4, label: 'Acme' }, 'pt-BR')).toEqual({ kind: 'value', value: 4 });
  });

  it('show the saved name with its id beside', () => {
    const next = rowAfterSave(ref, [company, reviewer], 'company', {
      item: { id: 7, company: 5, reviewer: 2, LastModify: '2025-01-02T10:00:00Z' },
      display: { company: 'Beta', reviewer: 'Ana' },
    });
    expect(next).toMatchObject({ company: 'Beta', companyID: 5, reviewer: 'Ana', reviewerID: 2 });
    const emptied = rowAfterSave(ref, [company, reviewer], 'company', {
      item: { id: 7, reviewer: 2 },
      display: { reviewer: 'Ana' },
    });
    expect(emptied).toMatchObject({ company: null, companyID: null });
  });
});

describe('rowRight', () => {
  it("reads the row's CanEdit and the server's reason", () => {
    expect(rowRight({ id: 1, CanEdit: true })).toEqual({ canEdit: true });
    expect(rowRight({ id: 1 })).toEqual({ canEdit: true });
    expect(rowRight({ id: 1, CanEdit: false, CannotEditReason: 'somente para leitura' })).toEqual({
      canEdit: false,
      reason: 'somente para leitura',
    });
  });
});

describe('the text an editor starts from', () => {
  it('writes the whole stored number in the separators of the language (spec section 9)', () => {
    expect(numberEditText(33.333, progress, 'pt-BR')).toBe('33,333');
    expect(numberEditText(33.333, progress, 'en')).toBe('33.333');
    expect(numberEditText(1234.5, cost, 'pt-BR')).toBe('1.234,50');
    expect(numberEditText(1234.5, cost, 'en')).toBe('1,234.50');
    expect(numberEditText(1234567, points, 'pt-BR')).toBe('1.234.567');
    expect(numberEditText(-0.5, progress, 'pt-BR')).toBe('-0,5');
    expect(numberEditText(null, progress, 'pt-BR')).toBe('');
  });

  it('writes dates in the column format, date-only values in UTC', () => {
    expect(dateEditText('2025-03-04T00:00:00Z', dueDate)).toBe('04/03/2025');
    expect(dateEditText(new Date('2025-03-04T00:00:00Z'), dueDate)).toBe('04/03/2025');
    expect(dateEditText(null, dueDate)).toBe('');
  });
});

describe('editOutcome', () => {
  it('reads numbers typed in pt-BR and en', () => {
    expect(editOutcome(progress, row, '40', 'pt-BR')).toEqual({ kind: 'value', value: 40 });
    expect(editOutcome(progress, row, '12,5', 'pt-BR')).toEqual({ kind: 'value', value: 12.5 });
    expect(editOutcome(progress, row, '12.5', 'en')).toEqual({ kind: 'value', value: 12.5 });
    // A lone point followed by up to two digits is a decimal point typed on a pt-BR keyboard's pad…
    expect(editOutcome(progress, row, '12.5', 'pt-BR')).toEqual({ kind: 'value', value: 12.5 });
    // …three digits after it are thousands.
    expect(editOutcome(cost, row, '1.234', 'pt-BR')).toEqual({ kind: 'value', value: 1234 });
    expect(editOutcome(cost, row, '2.500,75', 'pt-BR')).toEqual({ kind: 'value', value: 2500.75 });
    expect(editOutcome(cost, row, '2,500.75', 'en')).toEqual({ kind: 'value', value: 2500.75 });
    expect(editOutcome(progress, row, '', 'pt-BR')).toEqual({ kind: 'value', value: null });
  });

  it('sends nothing when the number did not change, even written another way', () => {
    expect(editOutcome(progress, row, '33,333', 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(cost, row, '1.234,50', 'pt-BR')).toEqual({ kind: 'same' });
    // Confirmed without typing, the editor holds the cell's own value.
    expect(editOutcome(progress, row, 33.333, 'pt-BR')).toEqual({ kind: 'same' });
  });

  it('refuses text that is not a number', () => {
    expect(editOutcome(progress, row, '1,2,3', 'pt-BR')).toEqual({ kind: 'invalid', problem: 'invalidNumber' });
    expect(editOutcome(progress, row, '-', 'pt-BR')).toEqual({ kind: 'value', value: null });
    // Never NaN as null on the wire (JSON writes NaN as null: the field would be emptied).
    expect(editOutcome(progress, row, Number.NaN, 'pt-BR')).toEqual({ kind: 'invalid', problem: 'invalidNumber' });
    expect(typingProblem(progress, '4-4', 'pt-BR')).toBe('invalidNumber');
    expect(typingProblem(progress, '44', 'pt-BR')).toBeUndefined();
    expect(typingProblem(progress, 44, 'pt-BR')).toBeUndefined();
  });

  it('reads dates typed in the column format as saveItem takes them', () => {
    expect(editOutcome(dueDate, row, '15/04/2025', 'pt-BR')).toEqual({ kind: 'value', value: '2025-04-15' });
    expect(editOutcome(dueDate, row, '04/03/2025', 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(dueDate, row, new Date('2025-03-04T00:00:00Z'), 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(dueDate, row, '', 'pt-BR')).toEqual({ kind: 'value', value: null });
    expect(editOutcome(dueDate, row, '31/02/2025', 'pt-BR')).toEqual({ kind: 'invalid', problem: 'incorrectDate' });
    expect(editOutcome(dueDate, row, '15/04', 'pt-BR')).toEqual({ kind: 'invalid', problem: 'incorrectDate' });
    expect(editOutcome(dueDate, row, '15/04/1500', 'pt-BR')).toEqual({
      kind: 'invalid',
      problem: 'enterValidValueDate',
    });
    expect(typingProblem(dueDate, '31/02/2025', 'en')).toBe('incorrectDate');
    // A moment is the browser's local time, sent as an instant.
    const moment = editOutcome(approvedOn, { id: 1 }, '15/04/2025 13:30', 'pt-BR');
    expect(moment).toEqual({ kind: 'value', value: new Date(2025, 3, 15, 13, 30).toISOString() });
  });

  it('sends a picklist by its value, the empty choice as null', () => {
    expect(editOutcome(priority, row, 'low', 'pt-BR')).toEqual({ kind: 'value', value: 'low' });
    expect(editOutcome(priority, row, 'high', 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(priority, row, '', 'pt-BR')).toEqual({ kind: 'value', value: null });
  });

  it('sends yes/no as a boolean and text as typed', () => {
    expect(editOutcome(milestone, row, true, 'pt-BR')).toEqual({ kind: 'value', value: true });
    expect(editOutcome(milestone, row, false, 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(milestone, { id: 1 }, false, 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(code, row, 'xyz-9999', 'pt-BR')).toEqual({ kind: 'value', value: 'xyz-9999' });
    expect(editOutcome(code, row, 'abc-1234', 'pt-BR')).toEqual({ kind: 'same' });
    expect(editOutcome(code, row, '', 'pt-BR')).toEqual({ kind: 'value', value: null });
  });

  it('never edits a column without editInGrid', () => {
    expect(editOutcome({ ...progress, editInGrid: false }, row, '40', 'pt-BR')).toEqual({ kind: 'same' });
  });
});

describe('ticksOf', () => {
  it('is the server formula (Unix microseconds × 10 + 621355968000000000) as a JavaScript number', () => {
    expect(ticksOf('2025-01-01T00:00:00Z')).toBe(Number(638712864000000000n));
    expect(ticksOf('2025-01-01T00:00:00.123456Z')).toBe(Number(638712864000000000n + 1234560n));
    // Offsets and nanoseconds (the last two digits are below a tick).
    expect(ticksOf('2025-01-01T02:00:00.12345678+02:00')).toBe(Number(638712864000000000n + 1234567n));
    expect(ticksOf('yesterday')).toBeUndefined();
    expect(ticksOf(undefined)).toBeUndefined();
  });

  it('tells two saves a millisecond apart (the server moves modified_at by 1 ms at least)', () => {
    expect(ticksOf('2026-11-23T12:07:09.123Z')).not.toBe(ticksOf('2026-11-23T12:07:09.124Z'));
  });
});

describe('rowAfterSave', () => {
  const columns = [
    col('Title', 'STRING', 'text', { editInGrid: false }),
    col('StatusName', 'ITEM_TYPE_STATUS', 'status', { editInGrid: false }),
    progress,
    priority,
    dueDate,
  ];

  it('shows what the server saved: picklists by name with their value beside, the new stamp', () => {
    const next = rowAfterSave(row, columns, 'priority', {
      item: {
        id: 7,
        Title: 'Migrar servidor',
        priority: 'low',
        progress: 33.333,
        StatusName: 'Em andamento',
        StatusID: 12,
        StatusColor: '#42A5F5',
        LastModify: '2025-01-02T10:00:00Z',
      },
      display: { priority: 'Baixa' },
    });
    expect(next).toMatchObject({
      priority: 'Baixa',
      priorityValue: 'low',
      StatusName: 'Em andamento',
      StatusID: 12,
      StatusColor: '#42A5F5',
      LastModify: '2025-01-02T10:00:00Z',
    });
  });

  it('empties the edited field the answer no longer has, and keeps columns the answer does not carry', () => {
    const next = rowAfterSave(row, columns, 'dueDate', { item: { id: 7, LastModify: '2025-01-02T10:00:00Z' } });
    expect(next.dueDate).toBeNull();
    expect(next.progress).toBe(33.333);
    expect(next.priorityValue).toBe('high');
  });
});

describe('a dependent picklist (Subárea depends on Área)', () => {
  const area = col('area', 'PICKLIST', 'list', { picklistId: 1 });
  const subarea = col('subarea', 'PICKLIST', 'list', { picklistId: 2, dependsOn: 'area' });
  const subareas = [
    { value: 'dev', label: 'Desenvolvimento', parentValue: 'it' },
    { value: 'infra', label: 'Infraestrutura', parentValue: 'it' },
    { value: 'logistics', label: 'Logística', parentValue: 'ops' },
    { value: 'other', label: 'Outra', parentValue: null },
  ];
  const inIt: ItemRow = { id: 7, area: 'Tecnologia', areaValue: 'it', subarea: 'Desenvolvimento', subareaValue: 'dev' };

  it("offers the options of the row's parent value and those of no parent (what the server accepts)", () => {
    expect(choicesForRow(subarea, inIt, subareas)).toEqual({
      choices: [subareas[0], subareas[1], subareas[3]],
      parentEmpty: false,
    });
    expect(choicesForRow(subarea, { id: 8, areaValue: 'ops' }, subareas).choices.map((c) => c.value)).toEqual([
      'logistics',
      'other',
    ]);
  });

  it('with the parent empty offers only the options of no parent', () => {
    expect(choicesForRow(subarea, { id: 9 }, subareas)).toEqual({ choices: [subareas[3]], parentEmpty: true });
    expect(choicesForRow(subarea, { id: 9, areaValue: null }, subareas.slice(0, 3))).toEqual({
      choices: [],
      parentEmpty: true,
    });
  });

  it('a picklist that depends on none offers every option', () => {
    expect(choicesForRow(area, inIt, subareas)).toEqual({ choices: subareas, parentEmpty: false });
  });

  it("empties the dependent the server emptied with its parent's new value, and tells it", () => {
    const next = rowAfterSave(inIt, [area, subarea], 'area', {
      item: { id: 7, area: 'ops', LastModify: '2025-01-02T10:00:00Z' },
      display: { area: 'Operações' },
    });
    expect(next).toMatchObject({ area: 'Operações', areaValue: 'ops', subarea: null, subareaValue: null });
    expect(clearedDependents([area, subarea], 'area', inIt, next)).toEqual([subarea]);
    // Kept when it still belongs (the answer carries it).
    const kept = rowAfterSave(inIt, [area, subarea], 'area', {
      item: { id: 7, area: 'it', subarea: 'dev' },
      display: { area: 'Tecnologia', subarea: 'Desenvolvimento' },
    });
    expect(kept).toMatchObject({ subarea: 'Desenvolvimento', subareaValue: 'dev' });
    expect(clearedDependents([area, subarea], 'area', inIt, kept)).toEqual([]);
  });
});
