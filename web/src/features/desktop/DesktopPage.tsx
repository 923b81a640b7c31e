import { Suspense, lazy, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../app/settings';
import { signOut } from '../../app/signOut';
import { useSession } from '../../app/useSession';
import { changePassword } from './api';

const ChangePasswordDialog = lazy(() => import('../../components/ChangePasswordDialog'));

/** Initials for an avatar without a picture: the first letters of the first and last names. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/**
 * /app, the signed-in user's start page (behind the access guard): who is
 * signed in (name, e-mail, picture), the password change (with
 * hasChangePasswordPermission) and the way out. The desktop of applications
 * (spec section 2, 'App launcher') grows here.
 */
export default function DesktopPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const session = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [changingPassword, setChangingPassword] = useState(false);
  if (!session) return null; // the guard redirects
  const { name, email, avatar } = session.loggedUser;

  // Clearing the session lets the access guard take the user to the login page (next = here).
  const exit = () => void signOut();

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 2 }}>
          <Box component="img" src={settings.logo} alt={settings.brand} sx={{ height: 32, width: 'auto', maxWidth: 160, objectFit: 'contain' }} />
          <Box sx={{ flex: 1 }} />
          <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' }, fontWeight: 500 }}>
            {name}
          </Typography>
          <Avatar src={avatar || undefined} alt={name} sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.main' }}>
            {initials(name)}
          </Avatar>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 2, sm: 3 } }}>
        <Card sx={{ width: '100%', maxWidth: 440, borderRadius: 3 }}>
          <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
            <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
              <Avatar src={avatar || undefined} alt={name} sx={{ width: 80, height: 80, fontSize: 30, bgcolor: 'primary.main' }}>
                {initials(name)}
              </Avatar>
              <Box>
                <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
                  {t('desktop.greeting', { name })}
                </Typography>
                {email && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {email}
                  </Typography>
                )}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t('desktop.signedIn', { brand: settings.brand })}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}>
                {session.hasChangePasswordPermission && (
                  <Button variant="outlined" color="inherit" startIcon={<KeyIcon />} onClick={() => setChangingPassword(true)}>
                    {t('desktop.changePassword')}
                  </Button>
                )}
                <Button variant="contained" startIcon={<LogoutIcon />} onClick={exit}>
                  {t('desktop.signOut')}
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      </Box>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            submit={changePassword}
            onClose={(changed) => {
              setChangingPassword(false);
              if (changed !== null) enqueueSnackbar(t('changePassword.success'), { variant: 'success' });
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
