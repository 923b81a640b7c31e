/** Languages the interface ships in. 'pt-BR' is the default and the fallback. */
export const LANGUAGES = ['pt-BR', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'pt-BR';

/** localStorage key holding the language the user picked; it wins over the platform default. */
export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * Maps any spelling the server or the browser uses ('pt-br', 'pt_BR', 'en-US', ...)
 * to a supported language, or undefined when it is none of them.
 */
export function normalizeLanguage(value: string | null | undefined): Language | undefined {
  if (!value) return undefined;
  const lower = value.trim().toLowerCase().replace('_', '-');
  if (lower === 'pt' || lower.startsWith('pt-')) return 'pt-BR';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
}

export function getStoredLanguage(): Language | undefined {
  try {
    return normalizeLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return undefined; // storage may be unavailable (privacy mode, sandboxed frame)
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting is acceptable: the language still applies to this page.
  }
}
