import { describe, expect, it } from 'vitest';
import { isValidCNPJ, isValidCPF } from './brDocuments';

// The same cases as internal/brdoc's tests: client and server agree.
describe('CPF and CNPJ check digits', () => {
  it.each([
    ['529.982.247-25', true],
    ['52998224725', true],
    ['873.220.050-15', true],
    ['529.982.247-24', false],
    ['529.982.247-35', false],
    ['111.111.111-11', false],
    ['5299822472', false],
    ['52998224725x', false],
    ['529.982.247-25!', false],
    ['', false],
  ])('CPF %s is %s', (value, valid) => expect(isValidCPF(value)).toBe(valid));

  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['12.ABC.345/01DE-35', true],
    ['12abc34501de35', true],
    ['12.ABC.345/01DE-36', false],
    ['11.222.333/0001-80', false],
    ['11.222.333/0001-91', false],
    ['12.345.678/0001-90', false],
    ['00.000.000/0000-00', false],
    ['12.ABC.345/01DE-3A', false],
    ['11.222.333/0001-8', false],
    ['11.222.333/0001-81#', false],
    ['', false],
  ])('CNPJ %s is %s', (value, valid) => expect(isValidCNPJ(value)).toBe(valid));
});
