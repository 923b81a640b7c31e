import { checkDateText, toStoredDate } from '../../lib/dates';
import { cleanNumberInput, parseNumber, type NumberFormat } from '../../lib/numeric';
import type { OperationParameter } from './api';

/** What the form holds: texts as typed, booleans as booleans. */
export type ParameterValues = Record<string, string | boolean>;

/** Dates are asked as days (spec section 9, dateTimeFormatType 1). */
export const PARAMETER_DATE_FORMAT = 'DD/MM/YYYY';

const isNumeric = (p: OperationParameter) => p.type === 'INTEGER' || p.type === 'DECIMAL' || p.type === 'CURRENCY';

/** Spec section 9: integers without decimals, money and decimals with two, comma decimal, dot thousands. */
export function numberFormatOf(p: OperationParameter): NumberFormat {
  return {
    decimalScale: p.type === 'INTEGER' ? 0 : 2,
    decimalSeparator: ',',
    thousandSeparator: '.',
    currency: p.type === 'CURRENCY',
    allowNegative: true,
  };
}

export function cleanParameterNumber(p: OperationParameter, text: string): string {
  return cleanNumberInput(text, numberFormatOf(p));
}

export function initialValues(parameters: OperationParameter[]): ParameterValues {
  return Object.fromEntries(parameters.map((p) => [p.key, p.type === 'BOOLEAN' ? false : '']));
}

export type ParameterProblem = 'fillInThisField' | 'invalidNumber' | 'incorrectDate' | 'enterValidValueDate';

/** The client's own checks (required, numbers, dates); the server checks again and has the last word. */
export function checkParameters(
  parameters: OperationParameter[],
  values: ParameterValues,
): Record<string, ParameterProblem> {
  const problems: Record<string, ParameterProblem> = {};
  for (const p of parameters) {
    const value = values[p.key];
    if (p.type === 'BOOLEAN') continue;
    const text = typeof value === 'string' ? value : '';
    if (p.type === 'DATE_TIME') {
      const check = checkDateText(text, PARAMETER_DATE_FORMAT, p.required);
      if (!check.ok) problems[p.key] = check.key;
      continue;
    }
    if (text.trim() === '') {
      if (p.required) problems[p.key] = 'fillInThisField';
      continue;
    }
    if (isNumeric(p) && Number.isNaN(parseNumber(text, numberFormatOf(p)))) problems[p.key] = 'invalidNumber';
  }
  return problems;
}

/**
 * The values as the operation's rule receives them: numbers as numbers, booleans as booleans, days
 * as YYYY-MM-DD, texts and picklist values as texts. Empty fields are left out.
 */
export function toParams(parameters: OperationParameter[], values: ParameterValues): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const p of parameters) {
    const value = values[p.key];
    if (p.type === 'BOOLEAN') {
      params[p.key] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    if (text.trim() === '') continue;
    if (isNumeric(p)) {
      const number = parseNumber(text, numberFormatOf(p));
      if (number !== null && !Number.isNaN(number)) params[p.key] = number;
    } else if (p.type === 'DATE_TIME') {
      const check = checkDateText(text, PARAMETER_DATE_FORMAT);
      if (check.ok && check.parts) params[p.key] = toStoredDate(check.parts, 'date');
    } else {
      params[p.key] = text;
    }
  }
  return params;
}
