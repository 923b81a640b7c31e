import { describe, expect, it } from 'vitest';
import type { OperationParameter } from './api';
import { checkParameters, toParams } from './parameters';

const parameters: OperationParameter[] = [
  { key: 'name', name: 'Nome', type: 'STRING', required: true },
  { key: 'amount', name: 'Valor', type: 'DECIMAL', required: false },
  { key: 'on', name: 'Data', type: 'DATE_TIME', required: false },
  { key: 'flag', name: 'Marcar', type: 'BOOLEAN', required: false },
];

describe('parameters', () => {
  it('checks required fields, numbers and dates before asking the server', () => {
    expect(checkParameters(parameters, { name: ' ', amount: '1,2,3', on: '31/02/2025', flag: false })).toEqual({
      name: 'fillInThisField',
      amount: 'invalidNumber',
      on: 'incorrectDate',
    });
    expect(checkParameters(parameters, { name: 'x', amount: '', on: '01/01/1700', flag: false })).toEqual({
      on: 'enterValidValueDate',
    });
  });

  it('hands the rule typed values and leaves empty ones out', () => {
    expect(toParams(parameters, { name: 'Ana', amount: '1.234,56', on: '', flag: false })).toEqual({
      name: 'Ana',
      amount: 1234.56,
      flag: false,
    });
    expect(toParams(parameters, { name: 'Ana', amount: '', on: '28/02/2025', flag: true })).toEqual({
      name: 'Ana',
      on: '2025-02-28',
      flag: true,
    });
  });
});
