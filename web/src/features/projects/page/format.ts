/** A YYYY-MM-DD date as the language writes it (01/06/2025, 6/1/2025); '' stays ''. */
export function formatDay(day: string, language: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return '';
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toLocaleDateString(language);
}

/** A percentage with at most one decimal, as the language writes it (42,5). */
export function formatPercent(value: number, language: string): string {
  return value.toLocaleString(language, { maximumFractionDigits: 1 });
}
