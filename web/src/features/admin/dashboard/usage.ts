/** How much of a limit is used, 0–100; undefined when the plan has no limit (null). */
export function usageShare(used: number, limit: number | null): number | undefined {
  if (limit === null) return undefined;
  if (limit <= 0) return 100;
  return Math.min(100, (used / limit) * 100);
}

const GB = 1024 ** 3;

/** Storage limits are typed in GB (decimals allowed); the plan keeps bytes. Empty means unlimited. */
export function gigabytesToBytes(text: string): number | null | undefined {
  const clean = text.trim().replace(',', '.');
  if (clean === '') return null;
  const value = Number(clean);
  if (!Number.isFinite(value) || value < 0) return undefined;
  return Math.round(value * GB);
}

export function bytesToGigabytes(bytes: number | null): string {
  if (bytes === null) return '';
  return String(Math.round((bytes / GB) * 100) / 100);
}

/** A whole-number limit typed as text; empty is unlimited (null), anything else invalid is undefined. */
export function parseLimit(text: string): number | null | undefined {
  const clean = text.trim();
  if (clean === '') return null;
  return /^\d+$/.test(clean) ? Number(clean) : undefined;
}
