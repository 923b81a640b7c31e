export type AgeUnit = 'seconds' | 'minutes' | 'hours' | 'days' | 'months' | 'years';

/** How old a message is, in the largest whole unit (spec section 2, message menu). */
export function messageAge(creationDate: string, now: number): { unit: AgeUnit; value: number } {
  const seconds = Math.max(0, Math.floor((now - new Date(creationDate).getTime()) / 1000));
  if (seconds < 60) return { unit: 'seconds', value: seconds };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', value: hours };
  const days = Math.floor(hours / 24);
  if (days < 30) return { unit: 'days', value: days };
  // Thirty-day months, capped at 11: 360 to 364 days are still months, not '0 years'.
  if (days < 365) return { unit: 'months', value: Math.min(11, Math.floor(days / 30)) };
  return { unit: 'years', value: Math.floor(days / 365) };
}
