import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AppsIcon from '@mui/icons-material/Apps';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { StoredSession } from '../../../app/session';
import { changeLanguage, currentLanguage } from '../../../i18n';
import type { Application } from '../api';
import { showAppsButton } from '../desktopRules';
import { AppIcon } from '../icons';
import { MessageMenu } from '../messages/MessageMenu';
import { UserMenu } from './UserMenu';

/** A button of the header bar: an icon, its label in a tooltip. */
export function ShellIconButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

export interface HeaderActionsProps {
  session: StoredSession;
  /** The applications the user may open: the toolbar's own, and whether the desktop button shows. */
  apps: Application[];
  onOpenApp: (app: Application) => void;
  fullScreen: boolean;
  mode: 'light' | 'dark';
  onMode: (mode: 'light' | 'dark') => void;
}

/**
 * The header bar's buttons: the administration, the desktop, the toolbar's applications, full
 * screen, light or dark, the language, the messages and the user's menu.
 */
export function HeaderActions({ session, apps, onOpenApp, fullScreen, mode, onMode }: HeaderActionsProps) {
  const { t } = useTranslation();
  const administrator = session.hasPanelAdminPermission || session.isAdministratorLogged;
  const other = currentLanguage() === 'en' ? 'pt-BR' : 'en';
  return (
    <>
      {administrator && (
        <Tooltip title={t('shell.administration')}>
          <IconButton
            color="inherit"
            component={RouterLink}
            to="/administration/Plano Contratado"
            aria-label={t('shell.administration')}
          >
            <AdminIcon />
          </IconButton>
        </Tooltip>
      )}
      {showAppsButton(apps) && (
        <Tooltip title={t('shell.apps')}>
          <Button
            component={RouterLink}
            to="/app"
            color="inherit"
            aria-label={t('shell.apps')}
            sx={{
              display: { xs: 'none', sm: 'inline-flex' },
              minWidth: 40,
              '& .MuiButton-startIcon': { mr: { sm: 0, lg: 1 } },
            }}
            startIcon={<AppsIcon />}
          >
            <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' } }}>
              {t('shell.apps')}
            </Box>
          </Button>
        </Tooltip>
      )}
      {apps
        .filter((app) => app.displayOnToolbar)
        .map((app) => (
          <Tooltip key={app.id} title={app.name}>
            <IconButton color="inherit" aria-label={app.name} onClick={() => onOpenApp(app)}>
              <AppIcon name={app.iconName} fontAwesome={app.isFontAwesomeIcon} image={app.imageContent} size={22} />
            </IconButton>
          </Tooltip>
        ))}
      <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
        {document.fullscreenEnabled && (
          <ShellIconButton
            label={fullScreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}
            icon={fullScreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
            onClick={() => void (fullScreen ? document.exitFullscreen() : document.documentElement.requestFullscreen())}
          />
        )}
      </Box>
      <ShellIconButton
        label={mode === 'dark' ? t('shell.lightMode') : t('shell.darkMode')}
        icon={mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        onClick={() => onMode(mode === 'dark' ? 'light' : 'dark')}
      />
      <Tooltip title={t('language.choose')}>
        <Button
          color="inherit"
          onClick={() => void changeLanguage(other)}
          sx={{ minWidth: 44, fontWeight: 700 }}
          // The name starts with the code the button shows (WCAG 2.5.3), so "click EN" finds it.
          aria-label={t('shell.switchLanguage', {
            code: other === 'en' ? t('language.en') : t('language.pt'),
            language: other === 'en' ? t('language.enLabel') : t('language.ptLabel'),
          })}
        >
          {other === 'en' ? t('language.en') : t('language.pt')}
        </Button>
      </Tooltip>
      <MessageMenu />
      <UserMenu session={session} />
    </>
  );
}
