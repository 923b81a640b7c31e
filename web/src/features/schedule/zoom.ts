import type { IConfig, IScaleConfig } from '@svar-ui/react-gantt';

/** The time scale's zoom levels, from the finest. */
export const ZOOMS = ['day', 'week', 'month', 'quarter'] as const;
export type Zoom = (typeof ZOOMS)[number];

export interface ScaleSetup {
  scales: IScaleConfig[];
  lengthUnit: NonNullable<IConfig['lengthUnit']>;
  cellWidth: number;
}

/**
 * The scales of a zoom level in the user's language. Day and week keep a cell per day, so days off
 * and today stay shaded; month and quarter count weeks and months.
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
        lengthUnit: 'day',
        cellWidth: 12,
      };
    case 'month':
      return {
        scales: [
          { unit: 'year', step: 1, format: fmt({ year: 'numeric' }) },
          { unit: 'month', step: 1, format: fmt({ month: 'short' }) },
        ],
        lengthUnit: 'week',
        cellWidth: 28,
      };
    case 'quarter':
      return {
        scales: [
          { unit: 'year', step: 1, format: fmt({ year: 'numeric' }) },
          { unit: 'quarter', step: 1, format: lang.startsWith('pt') ? quarter : quarterEn },
        ],
        lengthUnit: 'month',
        cellWidth: 48,
      };
  }
}
