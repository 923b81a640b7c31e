import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { ptBR } from '@mui/x-date-pickers/locales';
import { useTranslation } from 'react-i18next';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/en';
import { normalizeLanguage } from '../i18n';

const ptBRTexts = ptBR.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The date pickers' localization (MUI X with dayjs): month and week-day names, the field's
 * placeholders (DD/MM/AAAA) and the pickers' own texts follow the interface language (spec
 * section 9: en and pt-br). The formats themselves are the spec's, set by each input.
 */
export function DatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const english = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) === 'en';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={english ? 'en' : 'pt-br'}
      localeText={english ? undefined : ptBRTexts}
    >
      {children}
    </LocalizationProvider>
  );
}
