/**
 * A report value as the lists show it: money in R$, percentages with %, hours with " h", dates as
 * the reader's locale writes them, yes/no for booleans. Empty is an empty text.
 */
export function formatValue(type: string, value: unknown, lang: string, yesNo: [string, string]): string {
  if (value === null || value === undefined || value === '') return '';
  const locale = lang === 'en' ? 'en-US' : 'pt-BR';
  const number = typeof value === 'number' ? value : Number(value);
  switch (type) {
    case 'CURRENCY':
      return Number.isFinite(number)
        ? new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }).format(number)
        : String(value);
    case 'PERCENTILE':
      return Number.isFinite(number)
        ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(number)}%`
        : String(value);
    case 'DURATION':
      return Number.isFinite(number)
        ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(number)} h`
        : String(value);
    case 'INTEGER':
    case 'DECIMAL':
      return Number.isFinite(number)
        ? new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(number)
        : String(value);
    case 'DATE_TIME': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime())
        ? String(value)
        : new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).format(date);
    }
    case 'BOOLEAN':
      return value === true ? yesNo[0] : yesNo[1];
    default:
      return String(value);
  }
}
