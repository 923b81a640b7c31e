import { describe, expect, it } from 'vitest';
import type { ReportGroup } from './api';
import { chartData } from './chart';

const groups: ReportGroup[] = [
  {
    key: '1',
    label: 'Obra',
    values: [5, 86.5],
    groups: [
      { key: '10', label: 'A fazer', values: [2, 6] },
      { key: '12', label: 'Concluída', values: [2, 64] },
      { key: '11', label: 'Em andamento', values: [1, 16.5] },
    ],
  },
  {
    key: '2',
    label: 'Outra',
    values: [2, 38],
    groups: [
      { key: '10', label: 'A fazer', values: [1, 8] },
      { key: '11', label: 'Em andamento', values: [1, 30] },
    ],
  },
];

describe('the chart of a report', () => {
  it('draws the chosen aggregate of each first-level group', () => {
    expect(chartData(groups, 1, false, 'Horas')).toEqual({
      categories: ['Obra', 'Outra'],
      series: [{ label: 'Horas', data: [86.5, 38] }],
    });
  });

  it('stacks the second level, a missing pair counting zero', () => {
    expect(chartData(groups, 0, true, 'Quantidade').series).toEqual([
      { label: 'A fazer', data: [2, 1] },
      { label: 'Concluída', data: [2, 0] },
      { label: 'Em andamento', data: [1, 1] },
    ]);
  });
});
