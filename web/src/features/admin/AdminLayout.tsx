import './i18n';
import { Suspense, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import OrgUnitsIcon from '@mui/icons-material/AccountTreeOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import HistoryIcon from '@mui/icons-material/ManageHistoryOutlined';
import FieldsIcon from '@mui/icons-material/PostAddOutlined';
import MailIcon from '@mui/icons-material/MailOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../../app/useSession';
import { canAdminister, sectionOf } from './access';

interface Entry {
  key: string;
  to: string;
  label: string;
  icon: ReactElement;
  /** Whether the entry is the current page. */
  active: (path: string) => boolean;
}

/**
 * The administration shell (spec section 2): its side menu (dashboard, group, User, Company, Log,
 * AddicionalField, EmailServer, each with its translated title, and the platform settings) beside
 * the page. Only panel administrators and administrators open it (spec section 6); the server
 * refuses everyone else with 403 anyway.
 */
export default function AdminLayout() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const { pathname } = useLocation();

  if (!canAdminister(session)) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 10, maxWidth: 520, mx: 'auto' }}>
        <LockIcon color="disabled" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('forbidden.title')}
        </Typography>
        <Typography color="text.secondary">{t('forbidden.description')}</Typography>
        <Button component={RouterLink} to="/app" variant="contained">
          {t('forbidden.back')}
        </Button>
      </Stack>
    );
  }

  const section = sectionOf(pathname);
  const entries: Entry[] = [
    {
      key: 'dashboard',
      to: `/administration/${t('nav.planPath')}`,
      label: t('nav.dashboard'),
      icon: <DashboardIcon />,
      active: () => section === '',
    },
    {
      key: 'group',
      to: `/administration/groups/${t('nav.groups')}`,
      label: t('nav.groups'),
      icon: <GroupsIcon />,
      active: () => section === 'groups',
    },
    {
      key: 'orgUnits',
      to: '/administration/orgUnits',
      label: t('nav.orgUnits'),
      icon: <OrgUnitsIcon />,
      active: () => section === 'orgUnits',
    },
    {
      key: 'User',
      to: `/administration/users/${t('nav.users')}`,
      label: t('nav.users'),
      icon: <PersonIcon />,
      active: () => section === 'users',
    },
    {
      key: 'Company',
      to: '/administration/companies',
      label: t('nav.companies'),
      icon: <BusinessIcon />,
      active: () => section === 'companies',
    },
    {
      key: 'Log',
      to: '/administration/log',
      label: t('nav.log'),
      icon: <HistoryIcon />,
      active: () => section === 'log',
    },
    {
      key: 'AddicionalField',
      to: '/administration/additionalFields',
      label: t('nav.additionalFields'),
      icon: <FieldsIcon />,
      active: () => section === 'additionalFields',
    },
    {
      key: 'EmailServer',
      to: '/administration/emailServer',
      label: t('nav.emailServer'),
      icon: <MailIcon />,
      active: () => section === 'emailServer',
    },
    {
      key: 'settings',
      to: '/administration/settings',
      label: t('nav.settings'),
      icon: <TuneIcon />,
      active: () => section === 'settings',
    },
  ];
  const current = entries.findIndex((entry) => entry.active(pathname));

  return (
    <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start', maxWidth: 1600, mx: 'auto' }}>
      <Paper
        component="nav"
        aria-label={t('nav.label')}
        variant="outlined"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: 240,
          flexShrink: 0,
          position: 'sticky',
          top: 88,
          overflow: 'hidden',
        }}
      >
        <Typography
          id="administration-menu-title"
          component="div"
          color="text.secondary"
          sx={{
            fontWeight: 700,
            letterSpacing: 0.6,
            textTransform: 'uppercase',
            fontSize: 11,
            lineHeight: '40px',
            px: 2,
          }}
        >
          {t('title')}
        </Typography>
        <List dense aria-labelledby="administration-menu-title" sx={{ pt: 0, pb: 1 }}>
          {entries.map((entry) => (
            <li key={entry.key} style={{ listStyle: 'none' }}>
              <ListItemButton
                component={RouterLink}
                to={entry.to}
                selected={entry.active(pathname)}
                aria-current={entry.active(pathname) ? 'page' : undefined}
                sx={(theme) => ({
                  mx: 1,
                  borderRadius: 1,
                  '&.Mui-selected': {
                    color: theme.palette.mode === 'dark' ? 'primary.light' : 'primary.main',
                    fontWeight: 600,
                  },
                })}
              >
                <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{entry.icon}</ListItemIcon>
                <ListItemText
                  primary={entry.label}
                  slotProps={{ primary: { sx: { fontWeight: 'inherit', fontSize: 13 } } }}
                />
              </ListItemButton>
            </li>
          ))}
        </List>
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Tabs
          value={current < 0 ? false : current}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('nav.label')}
          sx={{ display: { xs: 'flex', md: 'none' }, mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {entries.map((entry) => (
            <Tab
              key={entry.key}
              component={RouterLink}
              to={entry.to}
              label={entry.label}
              icon={entry.icon}
              iconPosition="start"
              sx={{ minHeight: 48 }}
            />
          ))}
        </Tabs>
        <Suspense fallback={<LinearProgress />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
