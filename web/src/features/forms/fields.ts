import { checkDateText, dateFormatOf, dateModeOf, fromStoredDate, toStoredDate } from '../../lib/dates';
import { documentKindOfMask, isValidDocument } from '../../lib/brDocuments';
import { isMaskComplete, LAND_LINE_MASK, MOBILE_PHONE_MASK, ZIP_MASK } from '../../lib/mask';
import { checkNumber, formatNumber, numberFormatOf, parseNumber } from '../../lib/numeric';
import type { FormControl, FormItem, FormValues, ShowWhen } from './types';

/** How a field's value is edited: what the form holds and how it goes back to saveItem. */
export type ValueKind =
  | 'image'
  | 'text'
  | 'richText'
  | 'masked'
  | 'phone'
  | 'zip'
  | 'number'
  | 'date'
  | 'boolean'
  | 'choice'
  | 'booleanChoice'
  | 'reference';

/** A value the form writes: the item key it binds to, its control and how it is edited. */
export interface FieldSpec {
  key: string;
  control: FormControl;
  kind: ValueKind;
  /** The control of the tree that shows it (for an address part, the address). */
  owner: FormControl;
  /** Address parts: which part of the address ('street', 'city'...). */
  part?: string;
}

/** The item key a control binds to: the responsible's control shows ResponsibleName but writes ResponsibleID. */
export function itemKeyOf(field: string): string {
  return field === 'ResponsibleName' ? 'ResponsibleID' : field;
}

const REFERENCE_TYPES = new Set([
  'USERS',
  'GROUPS',
  'USERS_OR_GROUPS',
  'COMPANY',
  'PROJECT',
  'GENERIC_ITEM_TYPE',
  'ORGANIZATIONAL_STRUCTURE',
  'RESOURCES',
  'ITEM_TYPE_STATUS',
  'CALENDAR',
]);

function valueKindOf(control: FormControl): ValueKind | null {
  switch (control.kind) {
    case 'textbox':
      return 'text';
    case 'formatted text':
      return control.attributeType === 'RICH_TEXT' ? 'richText' : 'text';
    case 'masked textbox':
      return control.itemType === 'Phone' ? 'phone' : 'masked';
    case 'numeric picker':
      return 'number';
    case 'date chooser':
      return 'date';
    case 'checkbox':
      return 'boolean';
    case 'radio group':
      return control.attributeType === 'BOOLEAN' ? 'booleanChoice' : 'choice';
    case 'dropdown':
      return REFERENCE_TYPES.has(control.attributeType ?? '') ? 'reference' : 'choice';
    case 'tree dropdown':
    case 'component list':
      return 'reference';
    case 'address':
      return 'zip';
    case 'image':
      return control.attributeType === 'BINARY' ? 'image' : null;
    default:
      return null;
  }
}

/** Every control of the tree, depth first. */
export function allControls(root: FormControl): FormControl[] {
  const out: FormControl[] = [];
  const visit = (control: FormControl) => {
    out.push(control);
    control.children?.forEach(visit);
  };
  visit(root);
  return out;
}

/** The fields a form edits (address parts included), in the order they appear. */
export function fieldsOf(root: FormControl): FieldSpec[] {
  const out: FieldSpec[] = [];
  for (const control of allControls(root)) {
    if (!control.field) continue;
    const kind = valueKindOf(control);
    if (!kind) continue;
    out.push({ key: itemKeyOf(control.field), control, kind, owner: control });
    if (control.kind === 'address') {
      for (const [part, key] of Object.entries(control.parts ?? {})) {
        out.push({
          key,
          control: { ...control, kind: 'textbox', field: key, required: false, label: undefined },
          kind: 'text',
          owner: control,
          part,
        });
      }
    }
  }
  return out;
}

/** The value the form starts with for each field, as the user reads it (spec section 9 formats). */
export function toFormValues(fields: FieldSpec[], item: FormItem): FormValues {
  const values: FormValues = {};
  for (const field of fields) values[field.key] = toFormValue(field, item[field.key]);
  return values;
}

/** One stored value as the form shows it. */
export function toFormValue(field: FieldSpec, raw: unknown): unknown {
  switch (field.kind) {
    case 'number':
      return typeof raw === 'number' ? formatNumber(raw, numberFormatOf(field.control)) : '';
    case 'date':
      return fromStoredDate(raw, dateFormatOf(field.control.format, field.control.dateTimeFormatType));
    case 'boolean':
      return raw === true;
    case 'booleanChoice':
      return typeof raw === 'boolean' ? String(raw) : '';
    case 'choice':
      return raw === null || raw === undefined ? '' : String(raw);
    case 'reference':
      return typeof raw === 'number' ? raw : null;
    default:
      return typeof raw === 'string' ? raw : '';
  }
}

/** A field's value as saveItem takes it (numbers, RFC 3339 dates, picklist values, ids). */
export function toItemValue(field: FieldSpec, value: unknown): unknown {
  switch (field.kind) {
    case 'number': {
      const number = parseNumber(String(value ?? ''), numberFormatOf(field.control));
      return number === null || Number.isNaN(number) ? null : number;
    }
    case 'date': {
      const format = dateFormatOf(field.control.format, field.control.dateTimeFormatType);
      const check = checkDateText(String(value ?? ''), format);
      return check.ok && check.parts ? toStoredDate(check.parts, dateModeOf(format)) : null;
    }
    case 'boolean':
      return value === true;
    case 'booleanChoice':
      return value === 'true' ? true : value === 'false' ? false : null;
    case 'choice':
      return value === '' || value === undefined ? null : value;
    case 'reference':
      return typeof value === 'number' ? value : null;
    default: {
      const text = typeof value === 'string' ? value : '';
      return text === '' && field.key !== 'Title' ? null : text;
    }
  }
}

/** The item as the form's values make it: what showWhen tests read. */
export function currentItem(fields: FieldSpec[], values: FormValues, item: FormItem): FormItem {
  const out: FormItem = { ...item };
  for (const field of fields) out[field.key] = toItemValue(field, values[field.key]);
  return out;
}

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

const same = (a: unknown, b: unknown) => a === b || (!isEmptyValue(a) && !isEmptyValue(b) && String(a) === String(b));

/** A control's showWhen test (docs/app-packages.md), as the server's showHideField applies it. */
export function showWhenHolds(test: ShowWhen, item: FormItem): boolean {
  const value = item[itemKeyOf(test.field)];
  switch (test.operator) {
    case 'equals':
      return same(value, test.value);
    case 'notEquals':
      return !same(value, test.value);
    case 'isAnyOf':
      return Array.isArray(test.value) && test.value.some((v) => same(value, v));
    case 'isEmpty':
      return isEmptyValue(value);
    case 'isNotEmpty':
      return !isEmptyValue(value);
    default:
      return true;
  }
}

export function isControlShown(control: FormControl, item: FormItem): boolean {
  if (control.hidden) return false;
  return !control.showWhen || showWhenHolds(control.showWhen, item);
}

/** The fields shown now: a hidden container hides what it holds. */
export function shownFieldKeys(root: FormControl, fields: FieldSpec[], item: FormItem): Set<string> {
  const shown = new Set<FormControl>();
  const visit = (control: FormControl) => {
    if (!isControlShown(control, item)) return;
    shown.add(control);
    control.children?.forEach(visit);
  };
  visit(root);
  return new Set(fields.filter((f) => shown.has(f.owner)).map((f) => f.key));
}

/** A problem with a value: a key of the forms namespace's validation texts and its parameters. */
export interface FieldProblem {
  key:
    | 'fillInThisField'
    | 'invalidNumber'
    | 'valueInRange'
    | 'incorrectDate'
    | 'enterValidValueDate'
    | 'maskFormat'
    | 'documentInvalid'
    | 'tooLong';
  params?: Record<string, string | number>;
}

/** Checks one field as spec section 5 says (required, numbers, dates, masks, lengths). */
export function checkField(field: FieldSpec, value: unknown): FieldProblem | null {
  const { control } = field;
  const required = control.required === true;
  switch (field.kind) {
    case 'number': {
      const problem = checkNumber(String(value ?? ''), control);
      if (!problem) return null;
      return problem.key === 'valueInRange'
        ? { key: problem.key, params: { minimum: problem.minimum, maximum: problem.maximum } }
        : { key: problem.key };
    }
    case 'date': {
      const check = checkDateText(
        String(value ?? ''),
        dateFormatOf(control.format, control.dateTimeFormatType),
        required,
      );
      return check.ok ? null : { key: check.key };
    }
    case 'boolean':
      return null;
    case 'image':
      return required && !value ? { key: 'fillInThisField' } : null;
    case 'reference':
      return required && value === null ? { key: 'fillInThisField' } : null;
    default: {
      const text = typeof value === 'string' ? value : '';
      if (text.trim() === '') return required ? { key: 'fillInThisField' } : null;
      if (field.kind === 'masked' && control.mask && !isMaskComplete(text, control.mask))
        return { key: 'maskFormat', params: { mask: control.mask } };
      if (field.kind === 'masked' && control.mask) {
        const kind = documentKindOfMask(control.mask);
        if (!isValidDocument(kind, text)) return { key: 'documentInvalid', params: { kind: kind ?? '' } };
      }
      if (field.kind === 'phone') {
        const mask = control.mask || MOBILE_PHONE_MASK;
        const ok = isMaskComplete(text, mask) || (mask === MOBILE_PHONE_MASK && isMaskComplete(text, LAND_LINE_MASK));
        if (!ok) return { key: 'maskFormat', params: { mask } };
      }
      if (field.kind === 'zip' && !isMaskComplete(text, ZIP_MASK))
        return { key: 'maskFormat', params: { mask: ZIP_MASK } };
      const max = control.maxLength ?? (field.kind === 'richText' ? 200000 : field.key === 'Title' ? 500 : 4000);
      if (text.length > max) return { key: 'tooLong', params: { max } };
      return null;
    }
  }
}

/** Checks the writable fields that are shown; a field hidden by its showWhen is not required. */
export function checkFields(fields: FieldSpec[], values: FormValues, shown: Set<string>): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    if (field.control.readOnly || !shown.has(field.key)) continue;
    const problem = checkField(field, values[field.key]);
    if (problem) problems[field.key] = problem;
  }
  return problems;
}

/** The item saveItem receives: its id and version stamp, and what the form writes. */
export function toSaveItem(
  fields: FieldSpec[],
  values: FormValues,
  item: FormItem,
  modificationDateTicks: number,
): FormItem {
  const out: FormItem = { id: item.id ?? 0 };
  if (out.id) out.modificationDateTicks = modificationDateTicks;
  if (item.Parent !== undefined && item.Parent !== null) out.Parent = item.Parent;
  for (const field of fields) {
    if (field.control.readOnly) continue;
    out[field.key] = toItemValue(field, values[field.key]);
  }
  return out;
}
