import { fold } from '../../lib/format';
import type { AdditionalValues, FieldDefinition, FieldEntity, FieldType } from './api';

/** Types whose value is a number (INTEGER and references to other records are whole numbers). */
const DECIMAL_TYPES: FieldType[] = ['DECIMAL', 'PERCENTILE', 'CURRENCY'];
const TEXT_TYPES: FieldType[] = ['STRING', 'RICH_TEXT', 'DATE_TIME', 'PICKLIST'];

export type FieldInputKind =
  'text' | 'longText' | 'boolean' | 'date' | 'picklist' | 'decimal' | 'integer' | 'company' | 'group';

/** How the form edits a field of this type. */
export function inputKind(type: FieldType): FieldInputKind {
  switch (type) {
    case 'STRING':
      return 'text';
    case 'RICH_TEXT':
      return 'longText';
    case 'BOOLEAN':
      return 'boolean';
    case 'DATE_TIME':
      return 'date';
    case 'PICKLIST':
      return 'picklist';
    case 'COMPANY':
      return 'company';
    case 'GROUPS':
      return 'group';
    default:
      return DECIMAL_TYPES.includes(type) ? 'decimal' : 'integer';
  }
}

/** The key under which the server names a field's error (Validations[].Field). */
export const fieldKey = (field: FieldDefinition) => `additionalFields.${field.id}`;

/** Fields in the order the administrator gave them (position, then name). */
export function sortFields(fields: FieldDefinition[]): FieldDefinition[] {
  return [...fields].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Parses a number typed with a comma or a dot as the decimal separator. */
export function parseNumber(text: string): number {
  const clean = text.trim().replace(/\s/g, '');
  if (!/^-?\d+([.,]\d+)?$/.test(clean)) return Number.NaN;
  return Number(clean.replace(',', '.'));
}

/**
 * The values to send: empty ones left out, numbers typed as text turned into numbers, dates as
 * YYYY-MM-DD. Values of fields that no longer exist are dropped (the server refuses them).
 */
export function additionalPayload(fields: FieldDefinition[], values: AdditionalValues): AdditionalValues {
  const out: AdditionalValues = {};
  for (const field of fields) {
    const key = String(field.id);
    const value = values[key];
    // A check box always has a value: unticked is false.
    if (inputKind(field.type) === 'boolean') out[key] = value === true;
    else if (isEmpty(value)) continue;
    else if (TEXT_TYPES.includes(field.type)) out[key] = String(value);
    else out[key] = typeof value === 'number' ? value : parseNumber(String(value));
  }
  return out;
}

/** What a date field holds while its typed text is not a date yet. */
export const INVALID_DATE = 'invalid-date';
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

export interface FieldMessages {
  required: string;
  invalidDate: string;
  invalidNumber: string;
  wholeNumber: string;
  range: string;
}

/** The spec's numeric limits (section 5): -1e22 to 1e21. */
export const NUMBER_MIN = -1e22;
export const NUMBER_MAX = 1e21;

/** Client-side checks before saving, keyed like the server's (additionalFields.<id>). */
export function validateAdditional(
  fields: FieldDefinition[],
  values: AdditionalValues,
  messages: FieldMessages,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[String(field.id)];
    const kind = inputKind(field.type);
    if (kind === 'boolean') continue;
    if (isEmpty(value)) {
      if (field.required) errors[fieldKey(field)] = messages.required;
      continue;
    }
    if (kind === 'date' && !ISO_DATE.test(String(value))) errors[fieldKey(field)] = messages.invalidDate;
    if (kind === 'decimal' || kind === 'integer') {
      const n = typeof value === 'number' ? value : parseNumber(String(value));
      if (Number.isNaN(n)) errors[fieldKey(field)] = messages.invalidNumber;
      else if (kind === 'integer' && !Number.isInteger(n)) errors[fieldKey(field)] = messages.wholeNumber;
      else if (n < NUMBER_MIN || n > NUMBER_MAX) errors[fieldKey(field)] = messages.range;
    }
  }
  return errors;
}

/** A new field's definition: a text field placed after the others. */
export function newField(entity: FieldEntity, position: number): FieldDefinition {
  return { id: 0, entity, name: '', type: 'STRING', required: false, options: [], position };
}

/** Whether a record's additional values pass every non-empty filter (field id → contained text). */
export function matchesAdditional(values: AdditionalValues | undefined, filters: Record<string, string>): boolean {
  return Object.entries(filters).every(([id, text]) => {
    if (text.trim() === '') return true;
    const value = values?.[id];
    if (value === undefined || value === null) return false;
    return fold(typeof value === 'string' ? value : JSON.stringify(value)).includes(fold(text.trim()));
  });
}
