import { describe, expect, it } from 'vitest';
import { formatValue } from './format';

const yesNo: [string, string] = ['Sim', 'Não'];

describe('report values as the lists format them', () => {
  it.each([
    ['CURRENCY', 1500.5, 'pt-BR', 'R$\u00a01.500,50'],
    ['PERCENTILE', 45.5, 'pt-BR', '45,5%'],
    ['DURATION', 16.5, 'pt-BR', '16,5 h'],
    ['INTEGER', 1234, 'pt-BR', '1.234'],
    ['DECIMAL', 1210.3, 'en', '1,210.3'],
    ['DATE_TIME', '2026-03-10T00:00:00Z', 'pt-BR', '10/03/2026'],
    ['DATE_TIME', '2026-03-10T00:00:00Z', 'en', '3/10/2026'],
    ['BOOLEAN', true, 'pt-BR', 'Sim'],
    ['BOOLEAN', false, 'pt-BR', 'Não'],
    ['STRING', 'Fundação', 'pt-BR', 'Fundação'],
    ['CURRENCY', null, 'pt-BR', ''],
  ])('%s %s in %s is %s', (type, value, lang, want) => {
    expect(formatValue(type, value, lang, yesNo)).toBe(want);
  });
});
