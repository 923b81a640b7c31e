import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './api';

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename=tarefas-todas.csv', 'tarefas-todas.csv'],
    ['attachment; filename="tarefas alta.xlsx"', 'tarefas alta.xlsx'],
    ["attachment; filename*=utf-8''relat%C3%B3rio.csv", 'relatório.csv'],
    ['attachment; filename="fallback.csv"; filename*=UTF-8\'\'relat%C3%B3rio.csv', 'relatório.csv'],
    ['attachment', undefined],
    [null, undefined],
  ])('%s → %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});
