/**
 * Editing a cell of the list (attributes marked editInGrid; the server's updateItemField): which
 * editor a column gets, the text an editor starts from, what the typed text becomes on the wire,
 * the row's version stamp, and the row once the server saved it. Pure functions, tested alone.
 */
import { checkDateText, dateFormatOf, dateModeOf, fromStoredDate, toStoredDate } from '../../../lib/dates';
import { formatNumber, parseNumber, type NumberFormat } from '../../../lib/numeric';
import { referenceSourceOf, type ReferenceChoice, type ReferenceSource } from '../../../api/referenceSources';
import { idFieldOf } from './columns';
import { toNumber } from '../../../lib/valueFormat';
import type { Choice, ItemColumn, ItemRow } from './types';

/**
 * The editors a list has (spec section 3's text, numeric, date, picklist and yes/no controls, and
 * the user, group, company, project and item pickers as a search in the cell).
 */
export type EditKind = 'text' | 'number' | 'date' | 'list' | 'boolean' | 'reference';

const NUMBER_TYPES = new Set(['CURRENCY', 'DECIMAL', 'PERCENTILE', 'DURATION', 'INTEGER']);

/**
 * The attribute types a cell edits with a search (the form's pickers, forms/referenceSources):
 * those the list shows by name with the id beside it (executeFilter's `<key>ID`). Users or groups
 * (one id of two kinds), statuses and calendars stay for the form.
 */
export const REFERENCE_TYPES = new Set([
  'USERS',
  'RESOURCES',
  'GROUPS',
  'ORGANIZATIONAL_STRUCTURE',
  'COMPANY',
  'PROJECT',
  'GENERIC_ITEM_TYPE',
]);

/** Where a reference column's editor searches: the source the form's picker of that type uses. */
export function referenceSourceOfColumn(column: Pick<ItemColumn, 'type'>): ReferenceSource | null {
  return REFERENCE_TYPES.has(column.type) ? referenceSourceOf(column.type, '') : null;
}

/**
 * The editor of a column, or undefined when the list cannot edit it: the attribute must say
 * editInGrid and be of a type edited in one cell. Rich text needs its editor: it stays for the form.
 */
export function editKindOf(column: ItemColumn): EditKind | undefined {
  if (!column.editInGrid) return undefined;
  if (NUMBER_TYPES.has(column.type)) return 'number';
  if (referenceSourceOfColumn(column))
    return column.type === 'GENERIC_ITEM_TYPE' && !column.componentId ? undefined : 'reference';
  switch (column.type) {
    case 'STRING':
      return 'text';
    case 'DATE_TIME':
      return 'date';
    case 'PICKLIST':
      return column.filterKind === 'list' ? 'list' : undefined;
    case 'BOOLEAN':
      return 'boolean';
    default:
      return undefined;
  }
}

/**
 * The separators of the user's language (spec section 9: pt-BR writes 1.234,56; en 1,234.56).
 * The scale is what the list shows (two decimals, none for integers): it decides whether a lone
 * '.' typed in pt-BR is a decimal point ("12.5") or thousands ("1.234").
 */
export function numberFormatFor(column: Pick<ItemColumn, 'type'>, lang: string): NumberFormat {
  const en = lang.startsWith('en');
  return {
    decimalScale: column.type === 'INTEGER' ? 0 : 2,
    decimalSeparator: en ? '.' : ',',
    thousandSeparator: en ? ',' : '.',
    currency: column.type === 'CURRENCY',
    allowNegative: true,
  };
}

/** Digits after the point of a number as JavaScript writes it (1.5 → 1, 1e-7 → 7). */
function decimalsOf(value: number): number {
  const [mantissa = '', exponent] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/**
 * The text a number editor starts from: the stored number in full in the user's separators,
 * never truncated as the cell shows it — confirming an untouched editor must not cut 33,333 to
 * 33,33. Money keeps its two decimals.
 */
export function numberEditText(value: unknown, column: Pick<ItemColumn, 'type'>, lang: string): string {
  const n = toNumber(value);
  if (n === undefined) return '';
  const format = numberFormatFor(column, lang);
  const scale = Math.min(20, Math.max(decimalsOf(n), format.currency ? 2 : 0));
  return formatNumber(n, { ...format, decimalScale: scale });
}

/** The date format of a column (spec section 9, dateTimeFormatType and custom formats). */
export function dateFormatOfColumn(column: Pick<ItemColumn, 'dateTimeFormat' | 'dateTimeFormatType'>): string {
  return dateFormatOf(column.dateTimeFormat, column.dateTimeFormatType);
}

/** The text a date editor starts from: the stored value (an RFC 3339 text, or the cell's Date) in the column's format. */
export function dateEditText(
  value: unknown,
  column: Pick<ItemColumn, 'dateTimeFormat' | 'dateTimeFormatType'>,
): string {
  const stored = value instanceof Date ? (Number.isNaN(value.getTime()) ? '' : value.toISOString()) : value;
  return fromStoredDate(stored, dateFormatOfColumn(column));
}

/** Why a typed value cannot be sent (the keys of the list's edit texts). */
export type EditProblem = 'invalidNumber' | 'incorrectDate' | 'enterValidValueDate';

/** What an edit becomes: nothing to send, a value for updateItemField, or a problem to show in the cell. */
export type EditOutcome =
  { kind: 'same' } | { kind: 'value'; value: unknown } | { kind: 'invalid'; problem: EditProblem };

const sameDate = (a: unknown, b: unknown) => {
  if (a === null || a === undefined || a === '') return b === null || b === undefined || b === '';
  if (b === null || b === undefined || b === '') return false;
  return Date.parse(String(a)) === Date.parse(String(b));
};

/**
 * Reads what an editor holds (`edited`: the typed text, or the cell's own value when the user
 * confirmed without typing) against the row as the list shows it: the value updateItemField
 * takes (numbers as numbers, dates as saveItem reads them, picklists by value, empty as null),
 * nothing when it did not change, or the problem with the text.
 */
export function editOutcome(column: ItemColumn, row: ItemRow, edited: unknown, lang: string): EditOutcome {
  const kind = editKindOf(column);
  const original = row[column.field];
  switch (kind) {
    case 'number': {
      let value: number | null;
      if (typeof edited === 'string') {
        value = parseNumber(edited, numberFormatFor(column, lang));
        if (value !== null && Number.isNaN(value)) return { kind: 'invalid', problem: 'invalidNumber' };
      } else if (typeof edited === 'number' && !Number.isFinite(edited)) {
        return { kind: 'invalid', problem: 'invalidNumber' };
      } else {
        value = toNumber(edited) ?? null;
      }
      return value === (toNumber(original) ?? null) ? { kind: 'same' } : { kind: 'value', value };
    }
    case 'date': {
      if (edited instanceof Date) return { kind: 'same' };
      let value: string | null = null;
      if (typeof edited === 'string') {
        const format = dateFormatOfColumn(column);
        const check = checkDateText(edited, format);
        if (!check.ok)
          return {
            kind: 'invalid',
            problem: check.key === 'enterValidValueDate' ? 'enterValidValueDate' : 'incorrectDate',
          };
        value = check.parts ? toStoredDate(check.parts, dateModeOf(format)) : null;
      }
      return sameDate(value, original) ? { kind: 'same' } : { kind: 'value', value };
    }
    case 'list': {
      const idField = idFieldOf(column);
      const before = idField ? row[idField] : original;
      const value = edited === '' || edited === null || edited === undefined ? null : edited;
      return value === (before ?? null) ? { kind: 'same' } : { kind: 'value', value };
    }
    case 'reference': {
      // The editor holds the choice picked (or null: emptied); anything else is the cell untouched.
      const idField = idFieldOf(column);
      const before = (idField ? row[idField] : undefined) ?? null;
      if (edited === null) return before === null ? { kind: 'same' } : { kind: 'value', value: null };
      if (!isChoice(edited)) return { kind: 'same' };
      return edited.id === before ? { kind: 'same' } : { kind: 'value', value: edited.id };
    }
    case 'boolean': {
      const value = edited === true;
      return value === (original === true) ? { kind: 'same' } : { kind: 'value', value };
    }
    case 'text': {
      const value = typeof edited === 'string' && edited !== '' ? edited : null;
      return value === (original === '' || original === undefined ? null : original)
        ? { kind: 'same' }
        : { kind: 'value', value };
    }
    default:
      return { kind: 'same' };
  }
}

/** The value of a row's picklist (executeFilter keeps it as `<key>Value`, the text under the key); '' when empty. */
export function picklistValueOf(row: ItemRow, key: string): string {
  const value = row[`${key}Value`];
  return value === null || value === undefined ? '' : String(value);
}

/**
 * The options a dependent picklist's editor offers in a row: those of the row's parent value, and
 * those that belong to no parent value — exactly what updateItemField accepts (the server's
 * dependency check). With the parent empty only the latter remain (usually none): the editor then
 * says to choose the parent first, as the form's dropdown does. Other picklists offer every option.
 */
export function choicesForRow(
  column: Pick<ItemColumn, 'dependsOn'>,
  row: ItemRow,
  choices: Choice[],
): { choices: Choice[]; parentEmpty: boolean } {
  if (!column.dependsOn) return { choices, parentEmpty: false };
  const parent = picklistValueOf(row, column.dependsOn);
  return {
    choices: choices.filter(
      (c) => c.parentValue === null || c.parentValue === undefined || (parent !== '' && c.parentValue === parent),
    ),
    parentEmpty: parent === '',
  };
}

/**
 * The dependent picklists an edit of `field` emptied: the server empties a dependent its parent's
 * new value leaves out (updateItemField, as the form's dropdown does), so it had a value before
 * and none after.
 */
export function clearedDependents(columns: ItemColumn[], field: string, before: ItemRow, after: ItemRow): ItemColumn[] {
  return columns.filter(
    (c) => c.dependsOn === field && picklistValueOf(before, c.field) !== '' && picklistValueOf(after, c.field) === '',
  );
}

/** A choice of a reference editor (an id and what it shows). */
export function isChoice(value: unknown): value is ReferenceChoice {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

/**
 * Whether the caller may change a row (executeFilter's CanEdit: the server's rule of saveItem and
 * updateItemField), and why not. A row without the key (an older answer) is taken as editable:
 * the server refuses what it must anyway.
 */
export function rowRight(row: ItemRow): { canEdit: boolean; reason?: string } {
  if (row.CanEdit !== false) return { canEdit: true };
  return { canEdit: false, reason: typeof row.CannotEditReason === 'string' ? row.CannotEditReason : undefined };
}

/** The problem of a text being typed, shown in the cell before anything is sent (numbers and dates). */
export function typingProblem(column: ItemColumn, edited: unknown, lang: string): EditProblem | undefined {
  if (typeof edited !== 'string') return undefined;
  const kind = editKindOf(column);
  if (kind !== 'number' && kind !== 'date') return undefined;
  const outcome = editOutcome(column, { id: 0 }, edited, lang);
  return outcome.kind === 'invalid' ? outcome.problem : undefined;
}

/** .NET ticks of the Unix epoch: modificationDateTicks counts 100 ns from 0001-01-01 (internal/items/form.go). */
const EPOCH_TICKS = 621_355_968_000_000_000n;

/**
 * The modificationDateTicks of a row from its LastModify (RFC 3339 with up to nanoseconds, as
 * executeFilter writes it), computed exactly (BigInt) and sent as the nearest JavaScript number:
 * the server compares stamps as doubles, as the form sends them. Undefined when unreadable.
 */
export function ticksOf(lastModify: unknown): number | undefined {
  if (typeof lastModify !== 'string') return undefined;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/.exec(lastModify);
  if (!match) return undefined;
  const [, seconds = '', fraction = '', zone = ''] = match;
  const ms = Date.parse(seconds + zone);
  if (Number.isNaN(ms)) return undefined;
  const sub = BigInt(fraction.padEnd(7, '0').slice(0, 7));
  return Number(BigInt(ms) * 10_000n + sub + EPOCH_TICKS);
}

/** The answer of updateItemField (saveItem's): the item's values after the save and the names of its references. */
export interface SavedItem {
  Message?: string;
  item: Record<string, unknown>;
  display?: Record<string, string>;
}

/** System columns whose answer carries the name under the field itself (their ids follow below). */
const SYSTEM_NAMES = new Set(['StatusName', 'ResponsibleName', 'ProjectName']);

/**
 * The row once the server saved an edit: every column the answer carries, references as the
 * list keeps them (the name under the field, the id or value beside it), and LastModify (the
 * next edit's stamp). The edited field absent from the answer was emptied, and so were its
 * dependent picklists absent from it. A save rule may have changed other fields: they come along.
 */
export function rowAfterSave(row: ItemRow, columns: ItemColumn[], field: string, saved: SavedItem): ItemRow {
  const next: ItemRow = { ...row };
  const display = saved.display ?? {};
  for (const column of columns) {
    const present = column.field in saved.item;
    // The answer is the whole item: a dependent picklist of the edited field absent from it was emptied with it.
    if (!present && column.field !== field && column.dependsOn !== field) continue;
    const value = present ? saved.item[column.field] : null;
    const idField = idFieldOf(column);
    if (idField && !SYSTEM_NAMES.has(column.field)) {
      next[idField] = value ?? null;
      next[column.field] = value === null || value === undefined ? null : (display[column.field] ?? value);
    } else {
      next[column.field] = value ?? null;
    }
  }
  // System names the answer gives with their ids (the status chip, the responsible's name).
  for (const key of ['StatusID', 'StatusColor', 'ResponsibleID', 'ProjectID', 'LastModify']) {
    if (key in saved.item) next[key] = saved.item[key];
  }
  return next;
}
