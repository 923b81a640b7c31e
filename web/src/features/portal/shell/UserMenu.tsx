import { lazy, Suspense, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PaletteIcon from '@mui/icons-material/PaletteOutlined';
import TourIcon from '@mui/icons-material/TourOutlined';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../../app/signOut';
import type { StoredSession } from '../../../app/session';
import { changePassword } from '../api';
import { initials } from '../profile/initials';

const ChangePasswordDialog = lazy(() => import('../../../components/ChangePasswordDialog'));
const ProfileDialog = lazy(() => import('../profile/ProfileDialog'));
const OnboardingDialog = lazy(() => import('./OnboardingDialog'));
const AppearanceDrawer = lazy(() => import('./AppearanceDrawer'));

/** Presence statuses (spec section 3), held only in this page. */
const PRESENCE = ['online', 'idle', 'bussy', 'offline'] as const;
type Presence = (typeof PRESENCE)[number];
const PRESENCE_COLOR: Record<Presence, string> = {
  online: '#22c55e',
  idle: '#f59e0b',
  bussy: '#ef4444',
  offline: '#9ca3af',
};

/** The user menu (spec section 2): avatar, name, e-mail, presence, edit profile, change password, exit. */
export function UserMenu({ session }: { session: StoredSession }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [presence, setPresence] = useState<Presence>('online');
  const [dialog, setDialog] = useState<'profile' | 'password' | 'guide' | 'appearance' | null>(null);
  const { name, email, avatar } = session.loggedUser;
  const dot = (status: Presence) => (
    <Box
      component="span"
      sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: PRESENCE_COLOR[status], display: 'inline-block' }}
    />
  );
  const avatarOf = (size: number) => (
    <Avatar
      src={avatar || undefined}
      alt={name}
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'secondary.main' }}
    >
      {initials(name)}
    </Avatar>
  );
  const choose = (next: 'profile' | 'password' | 'guide' | 'appearance') => {
    setAnchor(null);
    setDialog(next);
  };

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('userMenu.open', { name })}
        sx={{ p: 0.5 }}
      >
        <Badge
          overlap="circular"
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          badgeContent={dot(presence)}
          sx={{
            '& .MuiBadge-badge': {
              p: 0,
              minWidth: 0,
              border: 2,
              borderColor: 'background.paper',
              borderRadius: '50%',
              bgcolor: 'background.paper',
            },
          }}
        >
          {avatarOf(34)}
        </Badge>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 280, borderRadius: 2, mt: 1 } } }}
      >
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, py: 1.5 }}>
          {avatarOf(44)}
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }} noWrap title={name}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap title={email}>
              {email}
            </Typography>
          </Box>
        </Box>
        <Divider />
        {PRESENCE.map((status) => (
          <MenuItem
            key={status}
            role="menuitemradio"
            aria-checked={presence === status}
            selected={presence === status}
            onClick={() => setPresence(status)}
            dense
          >
            <ListItemIcon>{dot(status)}</ListItemIcon>
            {t(`userMenu.presence.${status}`)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => choose('profile')}>
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          {t('userMenu.editProfile')}
        </MenuItem>
        {session.hasChangePasswordPermission && (
          <MenuItem onClick={() => choose('password')}>
            <ListItemIcon>
              <KeyIcon fontSize="small" />
            </ListItemIcon>
            {t('desktop.changePassword')}
          </MenuItem>
        )}
        <MenuItem onClick={() => choose('appearance')}>
          <ListItemIcon>
            <PaletteIcon fontSize="small" />
          </ListItemIcon>
          {t('userMenu.appearance')}
        </MenuItem>
        <MenuItem onClick={() => choose('guide')}>
          <ListItemIcon>
            <TourIcon fontSize="small" />
          </ListItemIcon>
          {t('userMenu.guide')}
        </MenuItem>
        <MenuItem onClick={() => void signOut()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('desktop.signOut')}
        </MenuItem>
      </Menu>
      <Suspense fallback={null}>
        {dialog === 'guide' && <OnboardingDialog onClose={() => setDialog(null)} />}
        {dialog === 'appearance' && <AppearanceDrawer onClose={() => setDialog(null)} />}
        {dialog === 'profile' && <ProfileDialog user={session.loggedUser} onClose={() => setDialog(null)} />}
        {dialog === 'password' && (
          <ChangePasswordDialog
            submit={changePassword}
            onClose={(changed) => {
              setDialog(null);
              if (changed !== null) enqueueSnackbar(t('changePassword.success'), { variant: 'success' });
            }}
          />
        )}
      </Suspense>
    </>
  );
}
