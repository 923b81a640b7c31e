import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import ptBR from './pt-BR.json';
import { DEFAULT_LANGUAGE, getStoredLanguage, normalizeLanguage, storeLanguage, type Language } from './language';

export const resources = {
  'pt-BR': { translation: ptBR },
  en: { translation: en },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: getStoredLanguage() ?? DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['pt-BR', 'en'],
  initAsync: false, // resources are bundled: translate synchronously from the first render
  interpolation: { escapeValue: false }, // React already escapes
  returnNull: false,
});

syncDocumentLanguage(currentLanguage());
i18n.on('languageChanged', (lng) => syncDocumentLanguage(normalizeLanguage(lng) ?? DEFAULT_LANGUAGE));

function syncDocumentLanguage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The language the interface currently speaks (what the Accept-Language header carries). */
export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers the choice under the 'language' key. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * Applies the start-up language: the one the user stored under 'language' wins,
 * else the platform's default language, else pt-BR.
 */
export async function applyDefaultLanguage(platformDefault: string | null | undefined): Promise<void> {
  const language = getStoredLanguage() ?? normalizeLanguage(platformDefault) ?? DEFAULT_LANGUAGE;
  if (currentLanguage() !== language) await i18n.changeLanguage(language);
}

/**
 * Registers a feature's texts as their own namespace. Feature screens are lazy chunks, so their
 * texts arrive with them instead of weighing on the login route: features/<name>/i18n/index.ts
 * calls this at import time and its components use useTranslation('<name>').
 */
export function addNamespace(namespace: string, texts: { 'pt-BR': object; en: object }): void {
  i18n.addResourceBundle('pt-BR', namespace, texts['pt-BR'], true, true);
  i18n.addResourceBundle('en', namespace, texts.en, true, true);
}

export * from './language';
export default i18n;
