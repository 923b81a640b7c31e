import { isApiError } from '../api/client';

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec section 9, default date format: DD/MM/YYYY HH:mm, in the browser's time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Spec section 9: sizes in KB, MB or GB with one decimal, dividing by 1024. */
export function formatBytes(bytes: number, language: string): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${units[unit]}`;
}

/** Whole numbers grouped the way the language writes them (10.000 in pt-BR). */
export function formatCount(n: number, language: string): string {
  return n.toLocaleString(language, { maximumFractionDigits: 0 });
}

/** Minutes as hours people read: 8, 7,5 (one decimal, the language's separator). */
export function formatHours(minutes: number, language: string): string {
  return (Math.round((minutes / 60) * 10) / 10).toLocaleString(language);
}

/** Initials for an avatar without a picture: the first letters of the first and last names. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** Lower case without accents, so 'joao' finds 'João'. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The message of a failed call, or the fallback for anything else. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

/**
 * The server's per-field messages (the Validations of a 400), by field name,
 * so a form can show each under its field.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return {};
  const list = (error.body as { Validations?: unknown }).Validations;
  if (!Array.isArray(list)) return {};
  const out: Record<string, string> = {};
  for (const item of list) {
    if (typeof item === 'object' && item !== null) {
      const { Field, Message } = item as { Field?: unknown; Message?: unknown };
      if (typeof Field === 'string' && typeof Message === 'string' && !(Field in out)) out[Field] = Message;
    }
  }
  return out;
}

/** The e-mail pattern of spec section 5: something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
