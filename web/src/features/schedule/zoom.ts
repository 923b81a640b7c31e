import type { IScaleConfig } from '@svar-ui/react-gantt';

/** The time scale's zoom levels, from the finest. */
export const ZOOMS = ['day', 'week', 'month', 'quarter'] as const;
export type Zoom = (typeof ZOOMS)[number];

export interface ScaleSetup {
  scales: IScaleConfig[];
  lengthUnit: 'day' | 'week' | 'month' | 'quarter';
  cellWidth: number;
}

/**
 * The scales of a zoom level in the user's language; a cell is the finest scale's unit, what a drag
 * moves by. The day scale shades days off and today.
 */
export function scaleSetup(zoom: Zoom, lang: string): ScaleSetup {
  const fmt = (options: Intl.DateTimeFormatOptions) => {
    const f = new Intl.DateTimeFormat(lang, options);
    return (date: Date) => f.format(date);
  };
  const month = fmt({ month: 'short', year: 'numeric' });
  const quarter = (date: Date) => `T${Math.floor(date.getMonth() / 3) + 1} ${date.getFullYear()}`;
  const quarterEn = (date: Date) => `Q${Math.floor(date.getMonth() / 3) + 1} ${date.getFullYear()}`;
  switch (zoom) {
    case 'day':
      return {
        scales: [
          { unit: 'month', step: 1, format: month },
          { unit: 'day', step: 1, format: fmt({ day: '2-digit' }) },
        ],
        lengthUnit: 'day',
        cellWidth: 30,
      };
    case 'week':
      return {
        scales: [
          { unit: 'month', step: 1, format: month },
          { unit: 'week', step: 1, format: fmt({ day: '2-digit', month: '2-digit' }) },
        ],
        lengthUnit: 'week',
        cellWidth: 64,
      };
    case 'month':
      return {
        scales: [
          { unit: 'year', step: 1, format: fmt({ year: 'numeric' }) },
          { unit: 'month', step: 1, format: fmt({ month: 'short' }) },
        ],
        lengthUnit: 'month',
        cellWidth: 90,
      };
    case 'quarter':
      return {
        scales: [
          { unit: 'year', step: 1, format: fmt({ year: 'numeric' }) },
          { unit: 'quarter', step: 1, format: lang.startsWith('pt') ? quarter : quarterEn },
        ],
        lengthUnit: 'quarter',
        cellWidth: 120,
      };
  }
}
