import { createContext, useContext } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client';
import { applyDefaultLanguage } from '../i18n';
import type { ColorSet } from '../theme/createAppTheme';

/** GET /api/application/getPlatformSettings (spec section 1). */
export interface PlatformSettings {
  theme: string;
  font: string;
  defaultLanguage: string; // 'pt-br' | 'en'
  brand: string;
  logo: string;
  loginLogo: string;
  logoWhite: string;
  bg: string;
  bgLogin: string;
  layout: string;
  showFooter: boolean;
  footerLogoLeft: string;
  footerLogoRight: string;
  enableRecaptcha: boolean;
  recaptchaSiteKey: string;
  requireTermsOfUse: boolean;
  enableMultiLanguage: boolean;
  enableBPMComponent: boolean;
  maintenance: boolean;
  primaryColor: ColorSet;
  secondaryColor: ColorSet;
}

export const DEFAULT_SETTINGS: PlatformSettings = {
  theme: 'light',
  font: '',
  defaultLanguage: 'pt-br',
  brand: 'Tramita',
  logo: '/brand/logo.svg',
  loginLogo: '/brand/logo.svg',
  logoWhite: '/brand/logo-white.svg',
  bg: '',
  bgLogin: '',
  layout: '',
  showFooter: true,
  footerLogoLeft: '',
  footerLogoRight: '',
  enableRecaptcha: false,
  recaptchaSiteKey: '',
  requireTermsOfUse: false,
  enableMultiLanguage: true,
  enableBPMComponent: false,
  maintenance: false,
  primaryColor: {},
  secondaryColor: {},
};

/**
 * Fills what the server left out or sent with the wrong type, so screens can
 * rely on every field. Empty logo fields fall back to the bundled brand images.
 */
export function normalizeSettings(raw: unknown): PlatformSettings {
  const input = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    const value = input[key];
    if (typeof fallback === 'string' && typeof value === 'string') {
      out[key] =
        value.trim() ||
        (key === 'logo' || key === 'loginLogo' || key === 'logoWhite' || key === 'brand' ? fallback : '');
    } else if (typeof fallback === 'boolean' && typeof value === 'boolean') {
      out[key] = value;
    } else if (typeof fallback === 'object' && typeof value === 'object' && value !== null) {
      out[key] = value;
    }
  }
  return out as unknown as PlatformSettings;
}

export const platformSettingsQuery = queryOptions({
  queryKey: ['platformSettings'],
  queryFn: async ({ signal }) => {
    const settings = normalizeSettings(
      await api.get<unknown>('/application/getPlatformSettings', { signal, redirectOnUnauthorized: false }),
    );
    // Before the first settings-driven render, so the page never flashes in the wrong language.
    await applyDefaultLanguage(settings.defaultLanguage);
    return settings;
  },
  staleTime: Infinity,
});

export const SettingsContext = createContext<PlatformSettings | null>(null);

/** The loaded platform settings; only valid below the settings gate. */
export function useSettings(): PlatformSettings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSettings must be used below <SettingsGate>');
  return settings;
}

export const LAYOUT_PLUGFLEX = 'plugflex';
