import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { object, string } from 'yup';
import { isApiError } from '../../api/client';
import { TextInput } from '../../components/TextInput';
import { authenticate } from './api';
import { safeNextPath } from './nextPath';

interface LoginValues {
  login: string;
  password: string;
}

const INITIAL_VALUES: LoginValues = { login: '', password: '' };

/** Login and password (both required, spec section 5), the show/hide toggle and the forgot-password link. */
export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const [showPassword, setShowPassword] = useState(false);

  const validationSchema = useMemo(
    () =>
      object({
        login: string().trim().required(t('validation.required')),
        password: string().required(t('validation.required')),
      }),
    [t],
  );

  const formik = useFormik<LoginValues>({
    initialValues: INITIAL_VALUES,
    validationSchema,
    onSubmit: async (values) => {
      try {
        await authenticate({ UserName: values.login.trim(), Password: values.password, encrypt: false });
        await navigate(safeNextPath(searchParams.get('next')));
      } catch (error) {
        const message = isApiError(error) || error instanceof Error ? error.message : t('error.default');
        enqueueSnackbar(message, { variant: 'error' });
      }
    },
  });

  const fieldError = (name: keyof LoginValues) => (formik.touched[name] ? formik.errors[name] : undefined);
  const loginError = fieldError('login');
  const passwordError = fieldError('password');

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit}>
      <Stack spacing={2.5}>
        <TextInput
          id="login"
          name="login"
          label={t('login.login')}
          autoComplete="username"
          autoFocus
          value={formik.values.login}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={loginError}
          inputProps={{ autoCapitalize: 'none', spellCheck: false }}
        />
        <TextInput
          id="password"
          name="password"
          label={t('login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={formik.values.password}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={passwordError}
          endAdornment={
            <InputAdornment position="end">
              <IconButton
                aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
              >
                {showPassword ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          }
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: '8px !important' }}>
          <Link component={RouterLink} to="/reset-password" variant="body2" underline="hover">
            {t('login.forgotPassword')}
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={formik.isSubmitting}
          startIcon={formik.isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{ py: 1.25, fontSize: 15 }}
        >
          {t('login.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
