import { useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { object, string } from 'yup';
import { isApiError } from '../../../api/client';
import { updateSession, type LoggedUser } from '../../../app/session';
import { fieldErrors } from '../../../lib/format';
import { updateProfile } from '../api';
import { initials } from './initials';
import { PRESET_AVATARS } from './presets';
import { renderAvatar } from './renderAvatar';

/** The e-mail pattern of spec section 5 (and the server): something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `email` is another address than the stored one (case and spaces aside, as the server sees it). */
function emailChanged(email: string, stored: string) {
  return email.trim().toLowerCase() !== stored.trim().toLowerCase();
}

/**
 * 'Atualizar o Perfil' (spec sections 2, 4, 5): name, e-mail and the avatar editor; full screen on small
 * devices. A new e-mail asks for the current password ('Senha atual'): reset links go to the e-mail.
 */
export default function ProfileDialog({ user, onClose }: { user: LoggedUser; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const [source, setSource] = useState(user.avatar);
  const [zoom, setZoom] = useState(1);
  const file = useRef<HTMLInputElement>(null);

  const formik = useFormik({
    initialValues: { name: user.name, email: user.email, currentPassword: '' },
    validationSchema: object({
      name: string().trim().required(t('validation.required')),
      email: string().trim().required(t('validation.required')).matches(EMAIL_PATTERN, t('validation.invalidEmail')),
      currentPassword: string().when('email', {
        is: (email: string | undefined) => emailChanged(email ?? '', user.email),
        then: (schema) => schema.required(t('validation.required')),
      }),
    }),
    onSubmit: async (values, helpers) => {
      try {
        const avatar = source ? await renderAvatar(source, zoom) : '';
        const email = values.email.trim();
        const saved = await updateProfile({
          name: values.name.trim(),
          email,
          avatar,
          ...(emailChanged(email, user.email) ? { currentPassword: values.currentPassword } : {}),
        });
        updateSession({ loggedUser: { ...user, name: saved.name, email: saved.email, avatar: saved.avatar } });
        enqueueSnackbar(t('profile.success'), { variant: 'success' });
        onClose();
      } catch (error) {
        const byField = fieldErrors(error);
        if (Object.keys(byField).length > 0) {
          helpers.setErrors(byField);
          void helpers.setTouched(Object.fromEntries(Object.keys(byField).map((name) => [name, true])), false);
        }
        enqueueSnackbar(isApiError(error) ? error.message : t('error.default'), { variant: 'error' });
      }
    },
  });

  const askPassword = emailChanged(formik.values.email, user.email);
  const field = (name: 'name' | 'email' | 'currentPassword') => ({
    name,
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: formik.touched[name] && Boolean(formik.errors[name]),
    helperText: formik.touched[name] && formik.errors[name],
  });

  return (
    <Dialog open onClose={onClose} fullScreen={small} maxWidth="sm" fullWidth aria-labelledby="profile-title">
      <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id="profile-title" sx={{ fontWeight: 700 }}>
          {t('profile.title')}
        </DialogTitle>
        <DialogContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ pt: 1 }}>
            <Stack spacing={1.5} sx={{ alignItems: 'center', minWidth: 180 }}>
              <Avatar sx={{ width: 120, height: 120, fontSize: 40, bgcolor: 'secondary.main', overflow: 'hidden' }}>
                {source ? (
                  <Box
                    component="img"
                    src={source}
                    alt=""
                    sx={{ width: '100%', height: '100%', objectFit: 'cover', transform: `scale(${zoom})` }}
                  />
                ) : (
                  initials(formik.values.name)
                )}
              </Avatar>
              <Box sx={{ width: 150 }}>
                <Typography variant="caption" color="text.secondary" id="zoom-label">
                  {t('profile.zoom')}
                </Typography>
                <Slider
                  size="small"
                  min={1}
                  max={2}
                  step={0.1}
                  value={zoom}
                  onChange={(_, value) => setZoom(value as number)}
                  disabled={!source}
                  aria-labelledby="zoom-label"
                />
              </Box>
              <Stack direction="row" spacing={1}>
                <Button size="small" variant="outlined" onClick={() => file.current?.click()}>
                  {t('profile.upload')}
                </Button>
                <Button size="small" color="inherit" onClick={() => (setSource(''), setZoom(1))} disabled={!source}>
                  {t('profile.clear')}
                </Button>
              </Stack>
              <input
                ref={file}
                type="file"
                hidden
                accept="image/png,image/jpeg,image/webp"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  if (!chosen) return;
                  const reader = new FileReader();
                  reader.onload = () => (setSource(String(reader.result)), setZoom(1));
                  reader.readAsDataURL(chosen);
                  event.target.value = '';
                }}
              />
            </Stack>
            <Stack spacing={2} sx={{ flex: 1 }}>
              <TextField label={t('profile.name')} required fullWidth autoFocus {...field('name')} />
              <TextField label={t('profile.email')} required fullWidth type="email" {...field('email')} />
              {askPassword && (
                <TextField
                  label={t('profile.currentPassword')}
                  required
                  fullWidth
                  type="password"
                  autoComplete="current-password"
                  {...field('currentPassword')}
                  helperText={
                    (formik.touched.currentPassword && formik.errors.currentPassword) ||
                    t('profile.currentPasswordHint')
                  }
                />
              )}
              <Typography variant="caption" color="text.secondary">
                {t('profile.presets')}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 1 }}>
                {PRESET_AVATARS.map((preset, index) => (
                  <ButtonBase
                    key={preset}
                    aria-label={t('profile.preset', { number: index + 1 })}
                    aria-pressed={source === preset}
                    onClick={() => (setSource(preset), setZoom(1))}
                    sx={{
                      borderRadius: '50%',
                      outline: source === preset ? 3 : 0,
                      outlineColor: 'primary.main',
                      outlineStyle: 'solid',
                    }}
                  >
                    <Box
                      component="img"
                      src={preset}
                      alt=""
                      sx={{ width: '100%', aspectRatio: '1', borderRadius: '50%' }}
                    />
                  </ButtonBase>
                ))}
              </Box>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose}>
            {t('dialogs.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formik.isSubmitting}
            startIcon={formik.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('profile.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
