import { describe, expect, it } from 'vitest';
import { formatCell } from './format';

const yesNo = { yes: 'Sim', no: 'Não' };

describe('formatCell', () => {
  it.each<[unknown, string]>([
    [true, 'Sim'],
    [false, 'Não'],
    [42, '42'],
    [1.239, '1,23'],
    [-1.239, '-1,23'],
    ['2025-01-10', '10/01/2025'],
    ['2025-01-10T00:00:00Z', '10/01/2025'],
    ['texto', 'texto'],
    [null, ''],
  ])('%s → %s', (value, text) => {
    expect(formatCell(value, 'pt-BR', yesNo)).toBe(text);
  });
});
