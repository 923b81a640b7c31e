import { useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTheme } from '@mui/material/styles';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { object, string } from 'yup';
import { useSettings } from '../../app/settings';
import { Recaptcha, type RecaptchaHandle } from '../../components/Recaptcha';
import { TextInput } from '../../components/TextInput';
import { currentLanguage } from '../../i18n';
import { useSignIn } from './useSignIn';

interface LoginValues {
  login: string;
  password: string;
}

const INITIAL_VALUES: LoginValues = { login: '', password: '' };

/**
 * Login and password (both required, spec section 5), the show/hide toggle,
 * the forgot-password link and, when the platform enables it, the reCAPTCHA
 * that must be solved before submitting. Submitting runs the login flow.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const theme = useTheme();
  const settings = useSettings();
  const { signIn, dialogs } = useSignIn();
  const [showPassword, setShowPassword] = useState(false);
  const [recaptchaToken, setRecaptchaToken] = useState<string | null>(null);
  const recaptcha = useRef<RecaptchaHandle>(null);
  const recaptchaMissing = settings.enableRecaptcha && !recaptchaToken;

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
    // Leaving an empty field (to follow the forgot-password link, say) must
    // not grow an error under it: the page would shift under the pointer and
    // swallow the click. Errors appear on submit, then follow typing.
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      if (recaptchaMissing) return;
      const outcome = await signIn({
        login: values.login.trim(),
        password: values.password,
        recaptchaToken: recaptchaToken ?? undefined,
      });
      if (outcome.kind === 'signedIn') return;
      if (outcome.kind === 'passwordChanged') helpers.setFieldValue('password', outcome.password, false);
      recaptcha.current?.reset(); // a token is spent by the attempt
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
        {settings.enableRecaptcha && (
          <Recaptcha
            ref={recaptcha}
            siteKey={settings.recaptchaSiteKey}
            language={currentLanguage()}
            theme={theme.palette.mode}
            onChange={setRecaptchaToken}
          />
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={formik.isSubmitting || recaptchaMissing}
          startIcon={formik.isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{ py: 1.25, fontSize: 15 }}
        >
          {t('login.submit')}
        </Button>
      </Stack>
      {dialogs}
    </Box>
  );
}
