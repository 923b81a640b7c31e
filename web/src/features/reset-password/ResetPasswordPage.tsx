import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { object, string } from 'yup';
import { api, isApiError } from '../../api/client';
import { AuthLayout } from '../../components/AuthLayout';
import { TextInput } from '../../components/TextInput';
import { FormFooter } from './FormFooter';
import { NewPasswordForm } from './NewPasswordForm';

/** Spec section 9: after a reset the page goes back to the login after 3 s. */
export const RESET_REDIRECT_MS = 3000;

/** POST /api/users/resetPassword {UserName}: the server mails a one-time link and answers a text. */
function resetPassword(login: string): Promise<string> {
  return api.post<string>(
    '/users/resetPassword',
    { UserName: login },
    { responseType: 'text', redirectOnUnauthorized: false },
  );
}

/**
 * /reset-password (spec sections 2 and 4): asks for the login ('Obrigatório'),
 * shows the mail-sent message with the server's text, then returns to / after 3 s.
 * With ?token= (the mailed link) it sets the new password instead.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm token={token} /> : <RequestLinkForm />;
}

function RequestLinkForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return undefined;
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  const validationSchema = useMemo(() => object({ login: string().trim().required(t('validation.required')) }), [t]);
  const formik = useFormik({
    initialValues: { login: '' },
    validationSchema,
    onSubmit: async ({ login }) => {
      try {
        const text = await resetPassword(login.trim());
        enqueueSnackbar([t('resetPassword.sent'), text.trim()].filter(Boolean).join(' '), { variant: 'success' });
        setSent(true);
      } catch (error) {
        enqueueSnackbar(isApiError(error) || error instanceof Error ? error.message : t('error.default'), {
          variant: 'error',
        });
      }
    },
  });
  const error = formik.touched.login ? formik.errors.login : undefined;
  const busy = formik.isSubmitting || sent;

  return (
    <AuthLayout title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle')}>
      <Box component="form" noValidate onSubmit={formik.handleSubmit}>
        <Stack spacing={2.5}>
          <TextInput
            id="reset-login"
            name="login"
            label={t('resetPassword.login')}
            autoComplete="username"
            autoFocus
            disabled={sent}
            value={formik.values.login}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={error}
            inputProps={{ autoCapitalize: 'none', spellCheck: false }}
          />
          <FormFooter label={t('resetPassword.submit')} disabled={busy} sending={formik.isSubmitting} />
        </Stack>
      </Box>
    </AuthLayout>
  );
}
