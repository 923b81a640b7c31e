import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT_PLUGFLEX, useSettings, type PlatformSettings } from '../app/settings';
import { LanguageSwitch } from './LanguageSwitch';

/** CSS url() for a settings image; quotes and parentheses in the value cannot break out. */
function cssUrl(src: string): string {
  return `url("${encodeURI(src).replace(/"/g, '%22')}")`;
}

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The screen's form. */
  children: ReactNode;
}

interface LayoutProps extends AuthLayoutProps {
  settings: PlatformSettings;
}

/**
 * The frame of the screens a user sees before being signed in: login, second
 * factor, password reset (spec section 2). The layout setting picks the
 * variant: 'plugflex' is a split screen (brand panel left, form right);
 * anything else a centered card. PT/EN buttons show when multi-language is on.
 */
export function AuthLayout(props: AuthLayoutProps) {
  const settings = useSettings();
  return settings.layout.toLowerCase() === LAYOUT_PLUGFLEX ? (
    <SplitLayout settings={settings} {...props} />
  ) : (
    <CardLayout settings={settings} {...props} />
  );
}

function Heading({ title, subtitle }: Pick<AuthLayoutProps, 'title' | 'subtitle'>) {
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}

function LanguageRow({ settings }: { settings: PlatformSettings }) {
  if (!settings.enableMultiLanguage) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <LanguageSwitch />
    </Box>
  );
}

function Footer({
  settings,
  light = false,
  align = 'center',
}: {
  settings: PlatformSettings;
  light?: boolean;
  align?: 'center' | 'flex-start';
}) {
  const { t } = useTranslation();
  if (!settings.showFooter) return null;
  const logo = (src: string) =>
    src ? <Box component="img" src={src} alt="" sx={{ height: 24, maxWidth: 120, objectFit: 'contain' }} /> : null;
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: align,
        gap: 2,
        py: 2,
        px: align === 'center' ? 3 : 0,
        color: light ? 'common.white' : 'text.secondary',
      }}
    >
      {logo(settings.footerLogoLeft)}
      <Typography variant="caption" sx={{ opacity: light ? 0.85 : 1 }}>
        {t('login.footer', { year: new Date().getFullYear(), brand: settings.brand })}
      </Typography>
      {logo(settings.footerLogoRight)}
    </Box>
  );
}

function Logo({ src, brand, height = 44 }: { src: string; brand: string; height?: number }) {
  return (
    <Box
      component="img"
      src={src}
      alt={brand}
      sx={{ height, width: 'auto', maxWidth: '100%', objectFit: 'contain', display: 'block', alignSelf: 'flex-start' }}
    />
  );
}

/** Default layout: a card centered on a subtle background (the bgLogin image when set). */
function CardLayout({ settings, title, subtitle, children }: LayoutProps) {
  const theme = useTheme();
  const background = settings.bgLogin
    ? { backgroundImage: cssUrl(settings.bgLogin), backgroundSize: 'cover', backgroundPosition: 'center' }
    : {
        backgroundColor: theme.palette.background.default,
        backgroundImage: `radial-gradient(circle at 15% 10%, ${alpha(theme.palette.primary.main, 0.12)} 0, transparent 45%), radial-gradient(circle at 85% 90%, ${alpha(theme.palette.secondary.main, 0.12)} 0, transparent 45%)`,
      };

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', ...background }}>
      <Box
        component="main"
        sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 2, sm: 3 } }}
      >
        <Card sx={{ width: '100%', maxWidth: 420, borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
            <Stack spacing={3.5}>
              <Box sx={{ display: 'flex', justifyContent: 'center' }}>
                <Logo src={settings.loginLogo} brand={settings.brand} />
              </Box>
              <Heading title={title} subtitle={subtitle} />
              {children}
              <LanguageRow settings={settings} />
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <Footer settings={settings} light={Boolean(settings.bgLogin)} />
    </Box>
  );
}

/** 'plugflex' layout: brand panel (bgLogin image or a brand gradient) left, form right; the panel hides on small screens. */
function SplitLayout({ settings, title, subtitle, children }: LayoutProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const overlay = `linear-gradient(135deg, ${alpha(theme.palette.primary.dark, 0.92)} 0%, ${alpha(theme.palette.primary.main, 0.78)} 100%)`;
  const panelBackground = settings.bgLogin
    ? {
        backgroundImage: `${overlay}, ${cssUrl(settings.bgLogin)}`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }
    : { backgroundImage: overlay };

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex' }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flex: '1 1 58%',
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: 'common.white',
          ...panelBackground,
        }}
      >
        <Logo src={settings.logoWhite} brand={settings.brand} height={40} />
        <Typography variant="h3" component="p" sx={{ fontWeight: 700, maxWidth: 520, lineHeight: 1.2 }}>
          {t('login.tagline')}
        </Typography>
        <Footer settings={settings} light align="flex-start" />
      </Box>
      <Box
        component="main"
        sx={{
          flex: '1 1 42%',
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'background.paper',
          minWidth: { md: 420 },
        }}
      >
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 3, sm: 6 } }}>
          <Stack spacing={3.5} sx={{ width: '100%', maxWidth: 380 }}>
            <Box sx={{ display: { xs: 'flex', md: 'none' }, justifyContent: 'center' }}>
              <Logo src={settings.loginLogo} brand={settings.brand} />
            </Box>
            <Heading title={title} subtitle={subtitle} />
            {children}
            <LanguageRow settings={settings} />
          </Stack>
        </Box>
        <Box sx={{ display: { md: 'none' } }}>
          <Footer settings={settings} />
        </Box>
      </Box>
    </Box>
  );
}
