import { describe, expect, it } from 'vitest';
import {
  additionalPayload,
  INVALID_DATE,
  inputKind,
  matchesAdditional,
  sortFields,
  validateAdditional,
} from './additionalFields';
import type { FieldDefinition, FieldType } from './api';

const field = (id: number, type: FieldType, change: Partial<FieldDefinition> = {}): FieldDefinition => ({
  id,
  entity: 'user',
  name: `Campo ${id}`,
  type,
  required: false,
  options: [],
  position: id,
  ...change,
});

const messages = {
  required: 'Obrigatório',
  invalidDate: 'Data inválida',
  invalidNumber: 'número',
  wholeNumber: 'inteiro',
  range: 'faixa',
};

describe('additional fields', () => {
  it('edits each type with the right input', () => {
    expect(inputKind('STRING')).toBe('text');
    expect(inputKind('RICH_TEXT')).toBe('longText');
    expect(inputKind('CURRENCY')).toBe('decimal');
    expect(inputKind('USERS')).toBe('integer');
    expect(inputKind('COMPANY')).toBe('company');
    expect(inputKind('PICKLIST')).toBe('picklist');
  });

  it('sorts by position, then name', () => {
    const list = [
      field(1, 'STRING', { position: 2 }),
      field(2, 'STRING', { position: 1, name: 'B' }),
      field(3, 'STRING', { position: 1, name: 'A' }),
    ];
    expect(sortFields(list).map((f) => f.id)).toEqual([3, 2, 1]);
  });

  it('sends numbers as numbers, check boxes always, and leaves empty values and unknown fields out', () => {
    const fields = [
      field(1, 'STRING'),
      field(2, 'DECIMAL'),
      field(3, 'INTEGER'),
      field(4, 'BOOLEAN'),
      field(5, 'DATE_TIME'),
      field(6, 'BOOLEAN'),
    ];
    const payload = additionalPayload(fields, {
      '1': '  ',
      '2': '1234,56',
      '3': '42',
      '4': true,
      '5': '2026-11-23',
      '99': 'gone',
    });
    expect(payload).toEqual({ '2': 1234.56, '3': 42, '4': true, '5': '2026-11-23', '6': false });
  });

  it('checks required, numbers and dates before saving, keyed like the server', () => {
    const fields = [
      field(1, 'STRING', { required: true }),
      field(2, 'INTEGER'),
      field(3, 'DECIMAL'),
      field(4, 'DATE_TIME'),
      field(5, 'BOOLEAN', { required: true }),
    ];
    expect(validateAdditional(fields, { '2': '1.5', '3': 'abc', '4': INVALID_DATE }, messages)).toEqual({
      'additionalFields.1': 'Obrigatório',
      'additionalFields.2': 'inteiro',
      'additionalFields.3': 'número',
      'additionalFields.4': 'Data inválida',
    });
    expect(validateAdditional(fields, { '1': 'x', '2': '2e30' }, messages)).toEqual({ 'additionalFields.2': 'número' });
    expect(validateAdditional([field(2, 'DECIMAL')], { '2': '-99999999999999999999999' }, messages)).toEqual({
      'additionalFields.2': 'faixa',
    });
  });

  it('filters records by their additional values: contains, accents and case aside', () => {
    const values = { '1': 'São Paulo', '2': true, '3': 42 };
    expect(matchesAdditional(values, {})).toBe(true);
    expect(matchesAdditional(values, { '1': 'sao', '2': 'true', '3': '4' })).toBe(true);
    expect(matchesAdditional(values, { '2': 'false' })).toBe(false);
    expect(matchesAdditional(values, { '4': 'x' })).toBe(false);
    expect(matchesAdditional(undefined, { '1': ' ' })).toBe(true);
  });
});
