import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PlatformSettings } from '../../../app/settings';

export interface ShellFooterProps {
  settings: Pick<PlatformSettings, 'brand' | 'footerLogoLeft' | 'footerLogoRight'>;
  /** The application's version, on /runtime/{appID}. */
  version: string | undefined;
}

/** The flex layout's footer: the footer logos either side of the brand (and the application's version). */
export function ShellFooter({ settings, version }: ShellFooterProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 3,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
      }}
    >
      {settings.footerLogoLeft && (
        <Box
          component="img"
          src={settings.footerLogoLeft}
          alt=""
          sx={{ height: 28, maxWidth: 160, objectFit: 'contain' }}
        />
      )}
      <Typography variant="caption" sx={{ flex: 1, textAlign: 'center' }}>
        {version !== undefined ? t('shell.footer', { brand: settings.brand, version }) : settings.brand}
      </Typography>
      {settings.footerLogoRight && (
        <Box
          component="img"
          src={settings.footerLogoRight}
          alt=""
          sx={{ height: 28, maxWidth: 160, objectFit: 'contain' }}
        />
      )}
    </Box>
  );
}
