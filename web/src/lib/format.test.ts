import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { fieldErrors, formatBytes, formatCount, formatDateTime, formatHours, initials } from './format';

describe('formats of spec section 9', () => {
  it('writes dates as DD/MM/YYYY HH:mm in local time', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7))).toBe('05/01/2026 09:07');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });

  it('writes sizes in KB, MB or GB with one decimal, dividing by 1024', () => {
    expect(formatBytes(1536, 'pt-BR')).toBe('1,5 KB');
    expect(formatBytes(10 * 1024 * 1024, 'pt-BR')).toBe('10,0 MB');
    expect(formatBytes(3.25 * 1024 ** 3, 'en')).toBe('3.3 GB');
  });

  it('groups thousands the way the language does', () => {
    expect(formatCount(10000, 'pt-BR')).toBe('10.000');
    expect(formatCount(10000, 'en')).toBe('10,000');
  });

  it('writes minutes as hours with at most one decimal', () => {
    expect(formatHours(480, 'pt-BR')).toBe('8');
    expect(formatHours(450, 'pt-BR')).toBe('7,5');
    expect(formatHours(500, 'en')).toBe('8.3');
  });

  it('takes the first letters of the first and last names', () => {
    expect(initials('Joana Lima Souza')).toBe('JS');
    expect(initials('admin')).toBe('A');
    expect(initials('  ')).toBe('?');
  });
});

describe('fieldErrors', () => {
  it('reads the server Validations by field, the first message of each', () => {
    const error = new ApiError(400, 'Dados inválidos', undefined, {
      Message: 'Dados inválidos',
      Validations: [
        { Field: 'login', Message: 'Já existe um usuário com este login.' },
        { Field: 'calendar.workPeriods[0].end', Message: 'O fim do período deve ser depois do início.' },
        { Field: 'login', Message: 'outro' },
      ],
    });
    expect(fieldErrors(error)).toEqual({
      login: 'Já existe um usuário com este login.',
      'calendar.workPeriods[0].end': 'O fim do período deve ser depois do início.',
    });
  });

  it('answers nothing for other errors', () => {
    expect(fieldErrors(new Error('x'))).toEqual({});
    expect(fieldErrors(new ApiError(500, 'x', undefined, 'text'))).toEqual({});
  });
});
