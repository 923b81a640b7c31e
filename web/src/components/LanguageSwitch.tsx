import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { useTranslation } from 'react-i18next';
import { changeLanguage, normalizeLanguage, DEFAULT_LANGUAGE, type Language } from '../i18n';

const OPTIONS: {
  language: Language;
  short: 'language.pt' | 'language.en';
  label: 'language.ptLabel' | 'language.enLabel';
}[] = [
  { language: 'pt-BR', short: 'language.pt', label: 'language.ptLabel' },
  { language: 'en', short: 'language.en', label: 'language.enLabel' },
];

/** PT / EN buttons; the active language's button is disabled. Choosing one stores it under 'language'. */
export function LanguageSwitch({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  const active = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;

  return (
    <ButtonGroup size={size} variant="outlined" aria-label={t('language.choose')}>
      {OPTIONS.map(({ language, short, label }) => (
        <Button
          key={language}
          lang={language}
          title={t(label)}
          aria-pressed={active === language}
          disabled={active === language}
          onClick={() => void changeLanguage(language)}
          sx={{
            minWidth: 48,
            '&.Mui-disabled': { color: 'primary.main', borderColor: 'primary.main', fontWeight: 700 },
          }}
        >
          {t(short)}
        </Button>
      ))}
    </ButtonGroup>
  );
}
